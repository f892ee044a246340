#!/usr/bin/env bash
# The speed guard of check mode: the instructions a check of the Puppet corpus takes (all
# default rules, every `*.pp` under CORPUS as `find -L` lists them, given one by one), counted
# by callgrind, which is exact and repeatable where wall time on a shared machine is not.
#
#   scripts/check-guard.sh            # build (profile `guard`), count, compare with the baseline
#   scripts/check-guard.sh --record   # write the count as the new baseline
#
# It fails when the count passes the baseline in `benchmarks/check-instructions.txt` by more
# than 10%. A change may raise the baseline only with a line in BENCHMARKS.md saying why.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
CORPUS=${CORPUS:-/usr/share/puppet/modules}
BASELINE=benchmarks/check-instructions.txt
LIMIT_PERCENT=10

command -v valgrind >/dev/null || { echo "check-guard: valgrind is not installed" >&2; exit 2; }
[ -d "$CORPUS" ] || { echo "check-guard: no corpus at $CORPUS (scripts/install-corpus.sh)" >&2; exit 2; }
cargo build --profile guard -p plint --quiet
list=$(mktemp)
trap 'rm -f "$list" "$list.err"' EXIT
find -L "$CORPUS" -name '*.pp' -type f | LC_ALL=C sort >"$list"
status=0
valgrind --tool=callgrind --callgrind-out-file=/dev/null --separate-threads=no \
    target/guard/plint --quiet $(cat "$list") >/dev/null 2>"$list.err" || status=$?
if [ "$status" -gt 1 ]; then
    cat "$list.err" >&2
    echo "check-guard: plint failed with status $status" >&2
    exit 1
fi
count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$list.err" | tail -1)
[ -n "$count" ] || { cat "$list.err" >&2; echo "check-guard: no count from callgrind" >&2; exit 1; }
files=$(wc -l <"$list")
if [ "${1:-}" = "--record" ]; then
    printf '%s\n' "$count" >"$BASELINE"
    echo "check-guard: recorded $count instructions ($files files) in $BASELINE"
    exit 0
fi
base=$(grep -v '^#' "$BASELINE" | head -1)
limit=$((base + base * LIMIT_PERCENT / 100))
change=$(awk -v c="$count" -v b="$base" 'BEGIN { printf "%+.1f", (c - b) * 100 / b }')
echo "check-guard: $count instructions for $files files; baseline $base ($change%), limit $limit"
if [ "$count" -gt "$limit" ]; then
    echo "check-guard: check mode takes more than ${LIMIT_PERCENT}% more instructions than its baseline" >&2
    exit 1
fi

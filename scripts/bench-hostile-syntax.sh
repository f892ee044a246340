#!/usr/bin/env bash
# Runs of syntax errors that tree-sitter's error recovery handles in time and memory growing
# with the square of their length (BENCHMARKS.md, "Hostile syntax"): each run is repeated to
# 10, 50 and 200 KB at the top level of a manifest, and `plint --format json FILE` is timed
# with its peak memory (GNU time), killed after LIMIT seconds (default 30).
#
#   scripts/bench-hostile-syntax.sh [PLINT]      # default target/guard/plint
#   LIMIT=120 SIZES="10 50" scripts/bench-hostile-syntax.sh /work/main/target/guard/plint
#
# Prints one line a run and size: seconds, max RSS in MB (or "killed" after LIMIT).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLINT=${1:-$ROOT/target/guard/plint}
LIMIT=${LIMIT:-30}
SIZES=${SIZES:-10 50 200}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/plint-hostile-syntax.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

RUNS=(
  "'a' =>"
  "a =>"
  "\$a =>"
  "'a' = >"
  "'a' = + "
  "'a' = ,"
  "\$a = \$b = ,"
  "\$a += ,"
  "- ,"
  "! ,"
  "- >"
  "! >"
)

printf '%-14s %6s %10s %10s\n' run KB seconds 'max RSS MB'
for run in "${RUNS[@]}"; do
  for kb in $SIZES; do
    file="$WORK/run.pp"
    OUT="$file" RUN="$run" KB="$kb" python3 -c '
import os
unit = os.environ["RUN"]
open(os.environ["OUT"], "w").write(unit * (int(os.environ["KB"]) * 1024 // len(unit)))
'
    status=0
    /usr/bin/time -f '%e %M' -o "$WORK/time" timeout "$LIMIT" "$PLINT" --format json "$file" \
      >/dev/null 2>&1 || status=$?
    # plint exits 1 when it finds errors; timeout's 124 means killed.
    if [ "$status" -le 2 ]; then
      read -r secs rss < <(tail -n 1 "$WORK/time")
      printf '%-14s %6s %10s %10s\n' "[$run]" "$kb" "$secs" "$((rss / 1024))"
    else
      printf '%-14s %6s %10s %10s\n' "[$run]" "$kb" "killed" "-"
    fi
  done
done

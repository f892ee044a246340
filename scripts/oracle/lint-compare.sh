#!/usr/bin/env bash
# Compares plint's findings for one puppet-lint check with puppet-lint's own, by file and
# line, over the module corpus (or the given paths).
#
#   scripts/oracle/lint-compare.sh CHECK [PATH...]
#
# CHECK is a puppet-lint check name (`variable_scope`); PATH defaults to
# /usr/share/puppet/modules. puppet-lint runs with its control comments in effect, plint
# with its suppressions. Environment:
#   PUPPET_LINT_ARGS   extra puppet-lint arguments (e.g. `--relative`)
#   PUPPET_LINT_LOAD   plugin files to load with `-l` (checks newer than the installed
#                      puppet-lint, such as legacy_facts and top_scope_facts of 3.1.0+)
#   SHOW               how many differing lines of each side to print (default 20)
#   KEEP               a folder to keep both findings lists in
# Prints the counts, the agreement (lines both report / lines either reports), the share of
# puppet-lint's lines that plint reports too, and the differences; exits 0 either way.
# plint is the release build of this checkout (`plint --select CHECK --format json`).
set -euo pipefail

check=${1:?usage: lint-compare.sh CHECK [PATH...]}
shift
paths=()
for p in "${@:-/usr/share/puppet/modules}"; do paths+=("$(realpath -s "$p")"); done
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"

cargo build --quiet --release --manifest-path "$root/Cargo.toml" \
    2> "$work/build.log" || { cat "$work/build.log"; exit 1; }
bin="${CARGO_TARGET_DIR:-$root/target}/release/plint"

# One path per file: plint checks a file reached by two paths (a linked folder) once.
find -L "${paths[@]}" -name '*.pp' -type f | sort | while IFS= read -r f; do
    printf '%s\t%s\n' "$(realpath "$f")" "$f"
done | sort -t "$(printf '\t')" -k1,1 -u | cut -f2 | sort > "$work/files"

load=()
for f in ${PUPPET_LINT_LOAD:-}; do load+=(-l "$f"); done
# shellcheck disable=SC2086
xargs -n 200 puppet-lint --no-config "${load[@]}" ${PUPPET_LINT_ARGS:-} \
    --only-checks "$check" --log-format '%{path}:%{line}:%{check}:%{message}' \
    < "$work/files" 2>/dev/null | grep -F ":$check:" > "$work/puppet-lint.full" || true
# plint runs from the work folder, so that no plint.toml or .puppet-lint.rc applies.
mapfile -t files < "$work/files"
(cd "$work" && "$bin" --select "$check" --format json "${files[@]}" > plint.json) || true
python3 - "$check" "$work/plint.json" > "$work/plint.full" <<'PY'
import json, sys
check, path = sys.argv[1], sys.argv[2]
for d in json.load(open(path)):
    if d.get("puppet_lint") == check:
        print(f"{d['path']}:{d['line']}:{check}:{d['message']}")
PY

cut -d: -f1,2 "$work/puppet-lint.full" | sort -u > "$work/puppet-lint"
cut -d: -f1,2 "$work/plint.full" | sort -u > "$work/plint"
both=$(comm -12 "$work/puppet-lint" "$work/plint" | wc -l)
only_pl=$(comm -23 "$work/puppet-lint" "$work/plint" | wc -l)
only_plint=$(comm -13 "$work/puppet-lint" "$work/plint" | wc -l)
union=$((both + only_pl + only_plint))
if [ "$union" -eq 0 ]; then agreement=100.0; else
    agreement=$(awk -v b="$both" -v u="$union" 'BEGIN { printf "%.1f", 100 * b / u }')
fi
found=$(awk -v b="$both" -v p="$only_pl" 'BEGIN { printf "%.1f", (b + p) ? 100 * b / (b + p) : 100 }')
echo "$check: $(wc -l < "$work/files") files; lines reported by both: $both," \
    "puppet-lint only: $only_pl, plint only: $only_plint; agreement $agreement%," \
    "plint reports $found% of puppet-lint's lines"
show=${SHOW:-20}
if [ "$only_pl" -gt 0 ]; then
    echo "-- puppet-lint only:"
    comm -23 "$work/puppet-lint" "$work/plint" | head -n "$show"
fi
if [ "$only_plint" -gt 0 ]; then
    echo "-- plint only:"
    comm -13 "$work/puppet-lint" "$work/plint" | head -n "$show"
fi
[ -n "${KEEP:-}" ] || rm -rf "$work"

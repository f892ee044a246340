#!/usr/bin/env bash
# Compares what two plint binaries print, byte for byte, on the real corpus and the repository's
# examples: every output format of check mode, `--fix --diff`, `plint rules`, `plint explain` of
# every rule, and `--evaluate` of the catalog conformance cases (catalog JSON and report). A
# refactoring must leave every one identical.
#
#   scripts/compare-outputs.sh BASE NEW          # e.g. /tmp/plint-base target/release/plint
#   KEEP=1 scripts/compare-outputs.sh BASE NEW   # keep the outputs (their folder is printed)
#
# Needs the corpus (scripts/install-corpus.sh) and facterdb. Exit status 0 when all are
# identical, 1 when one differs (the differing outputs are listed).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=$(realpath "${1:?usage: compare-outputs.sh BASE NEW}")
NEW=$(realpath "${2:?usage: compare-outputs.sh BASE NEW}")
CORPUS=${CORPUS:-/usr/share/puppet/modules}
WORK=$(mktemp -d /tmp/plint-compare.XXXXXX)
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$WORK"' EXIT
FACTERDB=$(ls -d /usr/share/rubygems-integration/all/gems/facterdb-*/facts/4.2 2>/dev/null | tail -1)

# run NAME ARGS...: runs both binaries from the repository's root, stdout and stderr apart, and
# the exit status at the end of stdout.
run() {
    local name=$1
    shift
    local which bin
    for which in base new; do
        [[ $which == base ]] && bin=$BASE || bin=$NEW
        (cd "$ROOT" && "$bin" "$@" >"$WORK/$which.$name.out" 2>"$WORK/$which.$name.err"
         echo "exit $?" >>"$WORK/$which.$name.out")
    done
}

for format in human json sarif github; do
    run "corpus-$format" --format "$format" "$CORPUS"
    run "examples-$format" --format "$format" examples
done
run corpus-modulepath --format json --modulepath "$CORPUS" "$CORPUS/apache"
run corpus-fix-diff --diff "$CORPUS"
run corpus-unsafe-fix-diff --diff --unsafe-fixes "$CORPUS"
run rules rules
for code in $("$BASE" rules 2>/dev/null | grep -o '^P[0-9]\{3\}' | sort -u); do
    run "explain-$code" explain "$code"
done
run examples-evaluate --evaluate --facts examples/facts/debian-11.yaml examples/site.pp

if [[ -n "$FACTERDB" ]]; then
    for case_dir in "$ROOT"/tests/catalog/modules/*/; do
        case=$(basename "$case_dir")
        facts=$(sed -n 's/^facts *= *facterdb://p' "$case_dir/options")
        [[ -n "$facts" ]] || continue
        for which in base new; do
            [[ $which == base ]] && bin=$BASE || bin=$NEW
            (cd "$ROOT" && "$bin" --evaluate --facts "$FACTERDB/$facts.facts" --modulepath "$CORPUS" \
                --catalog-out "$WORK/catalog.json" "$case_dir/site.pp" \
                >"$WORK/$which.eval-$case.out" 2>"$WORK/$which.eval-$case.err"
             echo "exit $?" >>"$WORK/$which.eval-$case.out")
            mv "$WORK/catalog.json" "$WORK/$which.catalog-$case.json" 2>/dev/null
        done
    done
fi

differ=0 total=0
for base_file in "$WORK"/base.*; do
    new_file="$WORK/new.${base_file#"$WORK"/base.}"
    total=$((total + 1))
    if ! cmp -s "$base_file" "$new_file"; then
        differ=$((differ + 1))
        echo "differs: ${base_file#"$WORK"/base.}"
        [[ -n "${VERBOSE:-}" ]] && diff "$base_file" "$new_file" | head -20
    fi
done
echo "compare-outputs: $total outputs, $differ differ${KEEP:+ (kept in $WORK)}"
[[ $differ -eq 0 ]]

#!/usr/bin/env bash
# Runs puppet-lint 3.0.1 over every .pp file of the module corpus and writes what it reports
# to the fixture that tests/lint_parity.rs compares plint's puppet-lint-named rules with:
#
#   scripts/oracle/lint-corpus.sh
#
# 1. tests/oracle/puppet-lint-corpus.txt: one finding a line, `path:line:check`, sorted and
# without duplicates (two findings of one check on one line are one line), the path relative
# to the corpus root so that the fixture does not depend on the machine.
# 2. tests/oracle/puppet-lint-fixtures.txt: the same for plint's rule fixtures of the rules
# that record a puppet-lint 3.0.1 check (tests/fixtures/<rule>/**.pp, paths relative to
# tests/fixtures): the test compares each
# rule's own check on its own fixtures, which exercise every check (the corpus, clean code,
# leaves many checks without a single finding). Rerun this script when such a fixture changes.
# 3. tests/oracle/puppet-lint-rough.txt: the same for a few modules of the corpus made into
# code with style problems by `roughen` of tests/lint_parity.rs (misaligned arrows,
# unbraced variables, trailing spaces, tabs, odd indentation, needless double quotes), paths
# relative to the corpus root.
#
# puppet-lint runs from the corpus root on relative paths, without any configuration file
# (`--no-config`), with its control comments (`# lint:ignore:...`) in effect, and with:
# - every check that is on by default in puppet-lint 3.0.1;
# - the four checks that are off by default, enabled too (80chars,
#   class_inherits_from_params_class, code_on_top_scope, quoted_booleans): the test compares
#   them separately from the default ones.
# A file puppet-lint cannot lex is reported as `path:line:syntax` (plint parses it, as does
# Puppet; the test lists them).
#
# Checks plint implements that have no oracle here (puppet-lint 3.0.1 lacks them and no
# plugin gem is installed): legacy_facts and top_scope_facts (built in only from puppet-lint
# 3.1), and every plugin check of P460-P496 (relative_classname_inclusion, trailing_comma,
# the manifest_whitespace_* checks, strict_indent, parameter_documentation, ...).
# Environment: CORPUS (default /usr/share/puppet/modules), JOBS (parallel puppet-lint
# processes, default 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/usr/share/puppet/modules}
corpus=${corpus%/}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v puppet-lint >/dev/null || { echo "puppet-lint is not installed" >&2; exit 1; }
version=$(puppet-lint --version)
[ "$version" = "puppet-lint 3.0.1" ] || echo "warning: this is $version, not 3.0.1" >&2

# puppet-lint over every .pp file below the given folders (relative paths) -> the last
# argument.
lint_here() {
    local out=${*: -1}
    find -L "${@:1:$#-1}" -name '*.pp' -type f | sed 's|^\./||' | LC_ALL=C sort > "$work/files"
    echo "linting $(wc -l < "$work/files") files under $(pwd)" >&2
    rm -rf "$work/logs" && mkdir "$work/logs"
    # Each puppet-lint process writes its own log (parallel writers to one file would mix
    # lines). puppet-lint exits 1 when it finds a problem: that is expected.
    xargs -d '\n' -n 100 -P "${JOBS:-2}" -a "$work/files" sh -c '
        log=$(mktemp "$0/log.XXXXXX")
        puppet-lint --no-config \
            --80chars-check --class_inherits_from_params_class-check \
            --code_on_top_scope-check --quoted_booleans-check \
            --log-format "%{path}:%{line}:%{check}" "$@" > "$log" 2>> "$0/err"
        [ $? -le 1 ]' "$work/logs" || { cat "$work/logs/err" >&2; exit 1; }
    cat "$work"/logs/log.* | grep -E '^[^:]+\.pp:[0-9]+:[a-z0-9_]+$' | LC_ALL=C sort -u > "$out"
    echo "$(wc -l < "$out") findings in $(cut -d: -f1 "$out" | sort -u | wc -l) files -> $out" >&2
}

# The inputs tests/lint_parity.rs writes: the fixture folders to lint, the roughened modules.
(cd "$root" && PLINT_ORACLE_DIR="$work" cargo test --quiet --test lint_parity -- \
    --ignored --exact write_oracle_inputs > "$work/cargo.log" 2>&1) ||
    { cat "$work/cargo.log" >&2; exit 1; }
mapfile -t fixture_dirs < "$work/fixture-dirs"

(cd "$corpus" && lint_here . "$root/tests/oracle/puppet-lint-corpus.txt")
(cd "$root/tests/fixtures" && lint_here "${fixture_dirs[@]}" "$root/tests/oracle/puppet-lint-fixtures.txt")
(cd "$work/rough" && lint_here . "$root/tests/oracle/puppet-lint-rough.txt")

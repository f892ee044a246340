#!/usr/bin/env bash
# Runs Puppet's validator over the Bolt fixtures and records its verdicts, so that
# tests/bolt.rs needs no Ruby:
#
#   scripts/oracle/bolt-oracle.sh
#
# 1. tests/bolt/puppet-validate-plans.txt: one line per plan under tests/bolt/modules/*/plans/,
#    `<path under tests/bolt/modules> ok|error`, from `puppet parser validate --tasks` (as Bolt
#    parses plans).
# 2. tests/bolt/puppet-validate-syntax.txt: one line per `#### name` section of
#    tests/bolt/syntax-cases.pp, validated as a file of its own, without and with `--tasks`:
#    `<name> plain=ok|error tasks=ok|error`.
# Environment: PUPPET (default puppet), JOBS (parallel Puppet processes, default: the number of
# CPUs).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
puppet=${PUPPET:-puppet}
jobs=${JOBS:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v "$puppet" >/dev/null || { echo "puppet is not installed" >&2; exit 1; }

verdict() { # verdict FILE [--tasks]
    if "$puppet" parser validate "${@:2}" "$1" >/dev/null 2>&1; then echo ok; else echo error; fi
}
export -f verdict
export puppet

# 1. The plans.
(
    cd "$root/tests/bolt/modules"
    for f in */plans/*.pp; do
        echo "$f $(verdict "$f" --tasks)"
    done
) | LC_ALL=C sort > "$root/tests/bolt/puppet-validate-plans.txt"

# 2. The syntax cases, one file each.
mkdir -p "$work/cases"
awk -v dir="$work/cases" '
    /^#### / { name = $2; sub(/:$/, "", name); file = dir "/" name ".pp"; next }
    file != "" { print > file }
' "$root/tests/bolt/syntax-cases.pp"
ls "$work/cases" | LC_ALL=C sort | xargs -P "$jobs" -I{} bash -c '
    f="$0/{}"; n="{}"; n="${n%.pp}"
    echo "$n plain=$(verdict "$f") tasks=$(verdict "$f" --tasks)" > "$f.verdict"
' "$work/cases"
cat "$work"/cases/*.verdict | LC_ALL=C sort > "$root/tests/bolt/puppet-validate-syntax.txt"
echo "wrote tests/bolt/puppet-validate-plans.txt and tests/bolt/puppet-validate-syntax.txt"

#!/bin/sh
# Regenerates tests/oracle/reassigned-variable.tsv: whether Puppet compiles each fixture of
# the rule reassigned-variable (tests/fixtures/reassigned-variable/*.pp) and, when it fails,
# where and with which message ("Cannot reassign variable ..."). The fixtures assign the
# variables their conditions read, so the branch each tests runs. tests/reassign_oracle.rs
# checks, without Ruby, that plint reports a fixture exactly when Puppet fails it, at the
# line Puppet names.
#
#   scripts/oracle/reassign-oracle.sh          (needs Puppet 7; a few seconds)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/tests/oracle/reassigned-variable.tsv"
ruby "$root/scripts/oracle/reassign-oracle.rb" "$root"/tests/fixtures/reassigned-variable/*.pp \
  2>/dev/null >"$out.tmp"
mv "$out.tmp" "$out"
wc -l <"$out" | sed 's/$/ fixtures/'

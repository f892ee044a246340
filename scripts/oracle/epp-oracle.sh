#!/bin/sh
# Regenerates tests/eval/epp.expected: evaluates every case of tests/eval/epp.pp (EPP templates,
# inline and from the module path tests/eval/epp_modules) with the installed Puppet (7.x,
# strict_variables on) and records its notice() output or its error. tests/eval_epp.rs compares
# plint's evaluator with the result.
#
#   scripts/oracle/epp-oracle.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ruby "$root/scripts/oracle/eval-oracle.rb" "$root/tests/eval/epp.pp" "$root/tests/eval/epp_modules" \
  2>/dev/null >"$root/tests/eval/epp.expected.tmp"
mv "$root/tests/eval/epp.expected.tmp" "$root/tests/eval/epp.expected"
grep -c '^== ' "$root/tests/eval/epp.expected" | sed 's/$/ cases/'

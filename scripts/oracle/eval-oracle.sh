#!/bin/sh
# Regenerates tests/eval/expressions.expected: evaluates every case of
# tests/eval/expressions.pp with the installed Puppet (7.x, strict_variables on) and records its
# notice() output or its error. tests/eval_ops.rs compares plint's evaluator with the result.
#
#   scripts/oracle/eval-oracle.sh [MODULEPATH]     (default: /usr/share/puppet/modules, for stdlib)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
modulepath=${1:-/usr/share/puppet/modules}
ruby "$root/scripts/oracle/eval-oracle.rb" "$root/tests/eval/expressions.pp" "$modulepath" \
  2>/dev/null >"$root/tests/eval/expressions.expected.tmp"
mv "$root/tests/eval/expressions.expected.tmp" "$root/tests/eval/expressions.expected"
grep -c '^== ' "$root/tests/eval/expressions.expected" | sed 's/$/ cases/'

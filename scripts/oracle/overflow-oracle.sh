#!/bin/sh
# Regenerates tests/hostile/overflow.expected: Puppet's results for the integer edge cases of
# tests/hostile/overflow.pp (tests/hostile/eval.rs compares plint with them).
#
#   scripts/oracle/overflow-oracle.sh [MODULEPATH]     (default: /usr/share/puppet/modules, for stdlib)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
modulepath=${1:-/usr/share/puppet/modules}
ruby "$root/scripts/oracle/overflow-oracle.rb" "$root/tests/hostile/overflow.pp" "$modulepath" \
  2>/dev/null >"$root/tests/hostile/overflow.expected.tmp"
mv "$root/tests/hostile/overflow.expected.tmp" "$root/tests/hostile/overflow.expected"
wc -l <"$root/tests/hostile/overflow.expected" | sed 's/$/ cases/'

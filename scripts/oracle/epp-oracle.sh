#!/bin/sh
# Regenerates tests/eval/epp.expected: evaluates every case of tests/eval/epp.pp (EPP templates,
# inline and from the module path tests/eval/epp_modules) with the installed Puppet (7.x,
# strict_variables on) and records its notice() output or its error. tests/eval_epp.rs compares
# plint's evaluator with the result. Also regenerates tests/eval/functions.expected (cases of
# tests/eval/functions.pp, with the corpus' stdlib; compared by tests/eval_functions.rs).
#
#   scripts/oracle/epp-oracle.sh [STDLIB_MODULEPATH]   (default: /usr/share/puppet/modules)
#
# The scanf cases need Ruby's scanf library (not part of Ruby 3.1): extract Debian's ruby-scanf
# (`apt-get download ruby-scanf; dpkg -x ruby-scanf_*.deb DIR`) and run with
# RUBYLIB=DIR/usr/share/rubygems-integration/all/gems/scanf-1.0.0/lib.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ruby "$root/scripts/oracle/eval-oracle.rb" "$root/tests/eval/epp.pp" "$root/tests/eval/epp_modules" \
  2>/dev/null >"$root/tests/eval/epp.expected.tmp"
mv "$root/tests/eval/epp.expected.tmp" "$root/tests/eval/epp.expected"
grep -c '^== ' "$root/tests/eval/epp.expected" | sed 's/$/ cases/'
ruby "$root/scripts/oracle/eval-oracle.rb" "$root/tests/eval/functions.pp" "${1:-/usr/share/puppet/modules}" \
  2>/dev/null >"$root/tests/eval/functions.expected.tmp"
mv "$root/tests/eval/functions.expected.tmp" "$root/tests/eval/functions.expected"
grep -c '^== ' "$root/tests/eval/functions.expected" | sed 's/$/ function cases/'

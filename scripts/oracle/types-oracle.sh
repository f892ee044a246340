#!/bin/sh
# Regenerates tests/types/*.expected from the installed Puppet 7 (see types-oracle.rb).
set -eu
cd "$(dirname "$0")/../.."
exec ruby scripts/oracle/types-oracle.rb tests/types

#!/bin/sh
# Regenerates tests/module_files/puppet-verdicts.txt: runs each case of
# tests/module_files/cases.txt (a call of `template()`, `epp()`, `file()`, `binary_file()`,
# `find_file()`, `find_template()`, or a `puppet:///` source, on the module tree
# tests/module_files/modules) with the installed Puppet, and records what it did, so that
# tests/module_files.rs needs no Ruby. One line per case, `NAME VERDICT`:
# - `read TEXT`: the text read (each file of the tree holds its own path under
#   tests/module_files, then `;`);
# - `path PATH`: the path `find_file()`/`find_template()` gave, under tests/module_files;
# - `undef`: they gave undef;
# - `folder`: a source served a folder;
# - `not-found`: Puppet's error says the file is not found (`Could not find template`,
#   `Could not find any files`, `does not exist`, `Could not retrieve information`);
# - `error`: any other error (reading a folder, a URL refused).
#
#   scripts/oracle/module-files-oracle.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ruby "$root/scripts/oracle/module-files-oracle.rb" "$root/tests/module_files" \
  2>/dev/null | LC_ALL=C sort >"$root/tests/module_files/puppet-verdicts.txt.tmp"
mv "$root/tests/module_files/puppet-verdicts.txt.tmp" "$root/tests/module_files/puppet-verdicts.txt"
wc -l <"$root/tests/module_files/puppet-verdicts.txt" | sed 's/$/ cases/'

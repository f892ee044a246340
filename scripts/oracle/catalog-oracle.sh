#!/bin/sh
# Regenerates the expected results of the catalog conformance suite with the installed Puppet
# (Debian's puppet-agent 7.x, installed with the corpus by scripts/install-corpus.sh):
#   tests/catalog/cases/<case>/    a case: site.pp, optional `options`, modules/, hiera.yaml, data/
#   tests/catalog/modules/<case>/  the same, for classes of the real module corpus compiled with
#                                  facterdb's Debian 11 and RedHat 8 facts (`modulepath = corpus`)
# Each gets expected.json (Puppet's catalog.to_data_hash, normalized) or expected-error.txt
# (`kind:`, `line:`, `message:`). tests/catalog_conformance.rs compares plint's catalogs with them
# (`cargo test --test catalog_conformance -- --nocapture` prints the per-case diffs and the pass
# rate; tests/catalog/known-failures.txt lists the cases plint does not match yet).
# The case format, the facts and the normalization are described in catalog-oracle.rb.
#
#   scripts/oracle/catalog-oracle.sh                 # every case (about a minute)
#   scripts/oracle/catalog-oracle.sh CASE_DIR...     # only these cases
#
# Review the diff of the expected files before committing them: they are the reference.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$#" -eq 0 ]; then
  set -- "$root"/tests/catalog/cases/*/ "$root"/tests/catalog/modules/*/
fi
exec ruby "$root/scripts/oracle/catalog-oracle.rb" "$root/tests/catalog/facts" "$@"

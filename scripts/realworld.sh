#!/usr/bin/env bash
# plint --evaluate on ../shared/realworld (a real production control repository, its nodes'
# facts, and the catalogs Puppet 7.23 compiled for them), node by node, on a release build:
# a table of resources found, parameters equal, values unknown, edges, and seconds per node.
# The comparison is tests/realworld.rs (which CI runs on the debug build).
#   scripts/realworld.sh            # the table
#   scripts/realworld.sh --diff     # and every difference from Puppet's catalogs
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--diff" ]; then
    export PLINT_REALWORLD_DIFF=1
fi
exec cargo test --release --test realworld -- --nocapture --test-threads 1

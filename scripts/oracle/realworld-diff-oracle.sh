#!/usr/bin/env bash
# Records what real Puppet says each change of tests/diff/realworld/changes/ does to the
# catalogs of the real control repository in ../shared/realworld (theforeman/foreman-infra), so
# that tests/cli_diff_realworld.rs needs no Ruby.
#
# It unpacks the tree (the data set's setup.sh), makes it a git repository with
# tests/diff/realworld/make-repo.sh (the base commit, then each change as a commit of its own
# from the base, exactly as the test makes it), writes each revision's files out (`git archive`),
# compiles each node a change names (CHANGE/nodes) at the base and at the change with the data
# set's compile.rb, as its gen_expected.sh does (strict variables, its stubs), and writes the
# changes between the two catalogs, as `plint diff --format json` reports them, to
# tests/diff/realworld/expected/CHANGE.json (scripts/oracle/realworld-diff-oracle.rb).
#
# Usage: scripts/oracle/realworld-diff-oracle.sh [CHANGE...]     (default: every change)
# Env:   REALWORLD=DIR   the data set (default: ../shared/realworld beside the repository)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
data=$(cd "${REALWORLD:-$root/../shared/realworld}" && pwd)
here="$root/tests/diff/realworld"
changes=("$@")
if [ ${#changes[@]} -eq 0 ]; then
  for d in "$here"/changes/*/; do changes+=("$(basename "$d")"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$data/setup.sh" "$work" >/dev/null
repo="$work/foreman-infra"
bash "$here/make-repo.sh" "$repo" "$here/changes"
mkdir -p "$here/expected"

# compile REV NODE: the catalog of NODE at revision REV, into $work/catalogs/REV/NODE.json
# (once per revision and node).
compile() {
  local rev=$1 node=$2 tree="$work/trees/$1" out="$work/catalogs/$1"
  if [ ! -d "$tree" ]; then
    mkdir -p "$tree" "$out"
    git -C "$repo" archive "$rev" | tar -x -C "$tree"
  fi
  [ -f "$out/$node.json" ] && return
  echo "  $node at $rev" >&2
  (cd "$tree" && STRICT=1 ruby "$data/compile.rb" manifests external_modules:modules:test_modules \
    "$data/facts/$node.json" "$node") > "$out/$node.json"
}

for change in "${changes[@]}"; do
  echo "$change" >&2
  mapfile -t nodes < <(grep -v '^\s*$' "$here/changes/$change/nodes")
  for node in "${nodes[@]}"; do
    compile base "$node"
    compile "change/$change" "$node"
  done
  ruby "$root/scripts/oracle/realworld-diff-oracle.rb" "$change" base "change/$change" \
    "$work/catalogs/base" "$work/catalogs/change/$change" "${nodes[@]}" \
    > "$here/expected/$change.json"
done

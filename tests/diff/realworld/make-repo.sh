#!/bin/bash
# Makes the git repository of the real-world catalog diff: the control repository of
# ../shared/realworld (unpacked by its setup.sh into TREE), committed as it is (its Puppetfile's
# modules vendored in `external_modules/`), tagged `base`; then each change of CHANGES (a folder
# per change, in name order) as one commit on its own branch `change/NAME` from `base`:
#   CHANGES/NAME/change.patch   the change, a git patch without context (`git apply --unidiff-zero`)
#   CHANGES/NAME/message        the commit message
# The repository is left on `base`. Both the oracle (scripts/oracle/realworld-diff-oracle.sh) and
# the test (tests/cli_diff_realworld.rs) make it with this script, so the changes cannot drift.
# usage: make-repo.sh TREE CHANGES
set -euo pipefail
tree=$1
changes=$(cd "$2" && pwd)
cd "$tree"
[ -d .git ] && { echo "make-repo.sh: $tree is already a git repository" >&2; exit 1; }
# No configuration of the user's or the system's, a fixed author and date: the same commits
# on every machine.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=plint GIT_AUTHOR_EMAIL=plint@example.com GIT_AUTHOR_DATE='2026-01-01T00:00:00Z'
export GIT_COMMITTER_NAME=plint GIT_COMMITTER_EMAIL=plint@example.com GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
git init -q -b main
git add -A
git commit -q -m 'base: theforeman/foreman-infra with its modules'
git tag base
for dir in "$changes"/*/; do
  name=$(basename "$dir")
  git checkout -q -b "change/$name" base
  git apply --unidiff-zero "$dir/change.patch"
  git add -A
  git commit -q -F "$dir/message"
done
git checkout -q base

#!/bin/sh
# Regenerates the oracle of the fix cases: tests/fixes/<case>/ holds input.pp, the manifest
# plint fixes, and the `options` line of plint's arguments (e.g. `--fix --select P421`). This
# script runs plint with them on a copy of input.pp and writes the result as fixed.pp, then
# compiles every .pp of the case with the installed Puppet (7.x) for the fact sets listed
# below from facterdb (installed with the corpus by scripts/install-corpus.sh) and writes
# oracle.txt: per fact set and manifest, whether Puppet compiled it, a digest of the catalog,
# and a digest of the catalog as an agent sees it (values validated and munged). tests/cli_fix.rs
# checks, without Ruby, that plint still writes fixed.pp, that Puppet compiled fixed.pp wherever
# it compiled input.pp and, for safe fixes, that an agent sees the same catalog wherever it
# accepted input.pp's (a case may hold other manifests, e.g. naive.pp, a fix plint must not
# make, recorded to show it fails).
#
#   cargo build && scripts/oracle/fix-oracle.sh            # every case (about half a minute)
#   scripts/oracle/fix-oracle.sh tests/fixes/CASE...       # only these
#
# Review the diff of fixed.pp and oracle.txt before committing them: they are the reference.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
plint=${PLINT:-$root/target/debug/plint}
[ -x "$plint" ] || { echo "build plint first (cargo build), or set PLINT" >&2; exit 2; }
if [ "$#" -eq 0 ]; then
  set -- "$root"/tests/fixes/*/
fi
# Operating systems of several families, Facter 3 and 4 (not 3.14/archlinux-x86_64: its legacy
# `fqdn` and `domain` disagree with `networking`, which Facter computes alike: edited data).
sets="4.2/redhat-8-x86_64 4.2/centos-7-x86_64 4.2/debian-11-x86_64 4.2/ubuntu-20.04-x86_64
4.2/freebsd-13-x86_64 4.2/darwin-20-x86_64 3.14/windows-2019-x86_64 3.14/solaris-11-i86pc
3.14/sles-15-x86_64 4.2/fedora-34-x86_64"
for dir in "$@"; do
  dir=$(cd "$dir" && pwd)
  tmp=$(mktemp -d)
  cp "$dir/input.pp" "$tmp/input.pp"
  options=$(cat "$dir/options")
  # shellcheck disable=SC2086 # the options are words
  (cd "$tmp" && "$plint" $options --quiet input.pp >/dev/null) || true
  cp "$tmp/input.pp" "$dir/fixed.pp"
  rm -rf "$tmp"
  # shellcheck disable=SC2086 # the fact sets are words
  ruby "$root/scripts/oracle/fix-oracle.rb" "$dir" $sets
done

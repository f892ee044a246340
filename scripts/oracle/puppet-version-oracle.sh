#!/bin/sh
# Regenerates tests/puppet-version/oracle.txt: for each case of tests/puppet-version/ (a
# `site.pp`, maybe a `modules/` folder, and `codes`, the plint findings the case is about),
# whether the installed Puppet (7.x) fails, warns or says nothing when it applies the case
# (`puppet apply --noop`) with Puppet 7's defaults (`strict = warning`, `strict_variables =
# false`) and with Puppet 8's (`strict = error`, `strict_variables = true`, the only
# differences of these settings between the two). tests/puppet_version.rs checks, without Ruby,
# that `plint --puppet-version 7|8` reports the case's findings as errors exactly where that
# Puppet fails, and as warnings where it warns.
#
#   scripts/oracle/puppet-version-oracle.sh      # a few seconds a case
#
# Review the diff of oracle.txt before committing it: it is the reference.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cases="$root/tests/puppet-version"
out="$cases/oracle.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "# case version outcome (fails | warns | ok), by scripts/oracle/puppet-version-oracle.sh"
  echo "# with $(puppet --version | head -1) and each version's defaults of strict and strict_variables"
  for dir in "$cases"/*/; do
    name=$(basename "$dir")
    for version in 7 8; do
      case $version in
        7) settings="--strict=warning --no-strict_variables" ;;
        8) settings="--strict=error --strict_variables" ;;
      esac
      # shellcheck disable=SC2086 # the settings are words
      if (cd "$dir" && puppet apply --noop --color=false $settings \
            --confdir "$tmp/conf" --vardir "$tmp/var" --codedir "$tmp/code" \
            --modulepath modules site.pp) >"$tmp/log" 2>&1; then
        if grep -v 'Facter' "$tmp/log" | grep -q '^Warning:'; then
          outcome=warns
        else
          outcome=ok
        fi
      else
        outcome=fails
      fi
      echo "$name $version $outcome"
    done
  done
} >"$out"
cat "$out"

#!/usr/bin/env bash
# The real code plint is measured against, installed from Debian's packages (needs root and
# network access to Debian's mirrors; a few minutes):
#  - every `puppet-module-*` package: about 90 real modules under /usr/share/puppet/modules
#    (about 1,900 manifests), read by the corpus tests and the benchmarks;
#  - puppet-agent (Puppet 7) and puppet-lint, the oracles the scripts in scripts/oracle/ run;
#  - facterdb, real fact sets for many operating systems (JSON).
# The tests that need the corpus say so and skip when it is absent, except under CI (CI=true),
# where they fail. Usage: bash scripts/install-corpus.sh
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if [ "$(id -u)" -ne 0 ]; then
    echo "install-corpus: run as root (it installs Debian packages with apt-get)" >&2
    exit 2
fi
apt-get update -qq
# puppet-module-oci is left out: it is a build of a Ruby gem, not a Puppet module.
modules=$(apt-cache search '^puppet-module-' | awk '{print $1}' | grep -vx 'puppet-module-oci')
# shellcheck disable=SC2086 # one word per package
apt-get install -y -qq --no-install-recommends $modules puppet-agent puppet-lint facterdb >/dev/null
count_modules=$(find /usr/share/puppet/modules -mindepth 1 -maxdepth 1 | wc -l)
count_manifests=$(find -L /usr/share/puppet/modules -name '*.pp' | wc -l)
facts=$(dirname "$(dpkg -L facterdb | grep '/facts/4.2/debian-11-x86_64.facts$')")
echo "corpus:      /usr/share/puppet/modules ($count_modules modules, $count_manifests manifests)"
echo "oracles:     puppet $(puppet --version), $(puppet-lint --version)"
echo "fact sets:   $facts"

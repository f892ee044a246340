#!/bin/sh
# Benchmarks `plint --evaluate` against Puppet 7's own compile of the same catalogs, process to
# process (issue 5):
#   1. one real module class per run (the conformance cases tests/catalog/modules/<case>/, facterdb
#      facts): Puppet = scripts/oracle/catalog-oracle.rb on a copy of the case (Ruby start-up,
#      Puppet's settings, one compile, the catalog written as JSON); plint = one --evaluate with
#      --catalog-out;
#   2. a facts directory of 100 nodes (facterdb's Facter 4.2 fact sets, each given its own fqdn)
#      compiling the same class: plint compiles them in parallel, Puppet in one process one after
#      the other (its best case: start-up paid once).
# Needs hyperfine, Puppet and facterdb (scripts/install-corpus.sh) and a release build
# (cargo build --release). Usage: scripts/bench-evaluate.sh [CASE ...]   (default: ntp-debian-11
# mysql-server-debian-11 postfix-debian-11 rabbitmq-debian-11 collectd-debian-11)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
plint="$root/target/release/plint"
[ -n "${CARGO_TARGET_DIR:-}" ] && plint="$CARGO_TARGET_DIR/release/plint"
[ -x "$plint" ] || { echo "build first: cargo build --release" >&2; exit 2; }
facterdb=$(ls -d /usr/share/rubygems-integration/all/gems/facterdb-*/facts/4.2 | tail -1)
work=$(mktemp -d /tmp/plint-bench-eval.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ "$#" -eq 0 ] && set -- ntp-debian-11 mysql-server-debian-11 postfix-debian-11 rabbitmq-debian-11 collectd-debian-11

for case in "$@"; do
  src="$root/tests/catalog/modules/$case"
  cp -r "$src" "$work/$case"
  facts=$(sed -n 's/^facts *= *facterdb://p' "$src/options")
  hyperfine --warmup 1 --runs 5 -N --export-markdown "$work/$case.md" \
    -n "puppet $case" "ruby $root/scripts/oracle/catalog-oracle.rb $root/tests/catalog/facts $work/$case" \
    -n "plint $case" "$plint --evaluate --puppet-version 7 --facts $facterdb/$facts.facts --modulepath /usr/share/puppet/modules --catalog-out $work/$case.json $work/$case/site.pp"
done

# 100 nodes: every facterdb 4.2 fact set (x86_64 first), renamed node001..node100.
mkdir -p "$work/nodes" "$work/out" "$work/puppet"
python3 - "$facterdb" "$work/nodes" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
files = sorted(f for f in os.listdir(src) if f.endswith('.facts'))
files = sorted(files, key=lambda f: 'x86_64' not in f)
n = 0
while n < 100:
    f = files[n % len(files)]
    facts = json.load(open(os.path.join(src, f)))
    n += 1
    name = 'node%03d.example.com' % n
    facts['fqdn'] = name
    facts.setdefault('networking', {})['fqdn'] = name
    json.dump(facts, open(os.path.join(dst, name + '.json'), 'w'))
PY
case=${1:-ntp-debian-11}
cls=$(sed -n 's/^include *//p' "$root/tests/catalog/modules/$case/site.pp" | head -1)
i=0
for f in "$work"/nodes/*.json; do
  i=$((i + 1))
  d="$work/puppet/n$i"; mkdir -p "$d"
  cp "$root/tests/catalog/modules/$case/site.pp" "$d/"
  printf 'modulepath = corpus\nfacts = %s\n' "$(basename "$f")" > "$d/options"
done
hyperfine --warmup 1 --runs 3 -N -i --export-markdown "$work/nodes.md" \
  -n "puppet 100 nodes (one process)" "ruby $root/scripts/oracle/catalog-oracle.rb $work/nodes $(ls -d "$work"/puppet/n* | tr '\n' ' ')" \
  -n "plint 100 nodes (parallel)" "$plint --evaluate --puppet-version 7 --facts $work/nodes --modulepath /usr/share/puppet/modules --catalog-out $work/out -e 'include $cls'"
cat "$work"/*.md

#!/usr/bin/env bash
# `plint diff` against octocatalog-diff (Debian's package, 2.1.0) on the same machine, in one run
# (issue 31):
#
#   scripts/bench-diff.sh                 # NODES=20, target/release/plint (built unless NO_BUILD)
#   NODES=4 PLINT=target/debug/plint NO_BUILD=1 scripts/bench-diff.sh
#   KEEP=1 scripts/bench-diff.sh          # keep the environment, the facts and the reports
#   NODES=1000 PLINT_ONLY=1 scripts/bench-diff.sh   # plint alone, on a fleet (no Puppet)
#
# It makes, in a temporary folder, an environment over the module corpus (CORPUS, the base
# module path) with a `profile` module of its own (a class with a Hiera-bound
# parameter, a template) and Hiera 5 data by role, commits it on `main`, and commits on
# `feature` a change of a resource's parameter, of the template and of a Hiera value. The NODES
# nodes have facts of different systems (facterdb's Debian and Ubuntu sets, each with its own
# name and role).
#
# Then it times, for every node, `plint diff --from main --to feature` (all nodes in one run)
# and octocatalog-diff (`-f main -t feature`, one run per node, as it compiles one node at a
# time with Puppet), and compares what they report: the set of (node, resource, parameter)
# changed, and the resources added and removed (octocatalog-diff leaves out classes and the
# `before` and `require` relationships by default: so are plint's for the comparison). Parameters
# plint marks unknown are listed apart (plint never reports them as changes). It prints both wall times and their ratio (the
# issue asks for >= 50x).
#
# (`--output-file` resets octocatalog-diff's format to text: `--output-format` comes after it.)
#
# Needs: puppet, octocatalog-diff (apt-get install octocatalog-diff), git, python3, the corpus
# (scripts/install-corpus.sh) and facterdb's facts (ruby-facterdb).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# CORPUS must be in Puppet's own basemodulepath (`puppet config print basemodulepath`).
CORPUS=${CORPUS:-/usr/share/puppet/modules}
NODES=${NODES:-20}
PLINT=${PLINT:-$ROOT/target/release/plint}
FACTERDB=${FACTERDB:-$(ls -d /usr/share/rubygems-integration/all/gems/facterdb-*/facts 2>/dev/null | tail -1)}

for tool in puppet octocatalog-diff git python3; do
    command -v "$tool" >/dev/null || { echo "bench-diff: $tool is missing" >&2; exit 2; }
done
[[ -d "$CORPUS" ]] || { echo "bench-diff: no corpus at $CORPUS (scripts/install-corpus.sh)" >&2; exit 2; }
[[ -d "$FACTERDB" ]] || { echo "bench-diff: no facterdb facts (apt-get install ruby-facterdb)" >&2; exit 2; }
if [[ -z "${NO_BUILD:-}" ]]; then
    (cd "$ROOT" && cargo build --release --quiet --bin plint)
fi

PLINT=$(realpath "$PLINT")

WORK=$(mktemp -d /tmp/plint-bench-diff.XXXXXX)
trap '[[ -n "${KEEP:-}" ]] && echo "bench-diff: kept $WORK" || rm -rf "$WORK"' EXIT
REPO=$WORK/repo
FACTS=$WORK/facts
mkdir -p "$REPO" "$FACTS" "$WORK/ocd"

# ---------------------------------------------------------------- the environment, commit 1
cd "$REPO"
git init -q -b main
git config user.name bench
git config user.email bench@plint.invalid
git config commit.gpgsign false
mkdir -p manifests site/profile/manifests site/profile/templates data/role
# The corpus is the base module path: Debian's Puppet has /usr/share/puppet/modules in its
# default `basemodulepath`; plint is given it with `--basemodulepath`.
echo 'modulepath = site:$basemodulepath' > environment.conf
cat > hiera.yaml <<'EOF'
---
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: role
    path: "role/%{facts.role}.yaml"
  - name: common
    path: common.yaml
EOF
cat > manifests/site.pp <<'EOF'
node default {
  include profile::base
  lookup('classes', Array[String], 'unique', []).include
}
EOF
cat > site/profile/manifests/base.pp <<'EOF'
class profile::base (
  String $motd_owner,
  Integer $sessions = 10,
) {
  file { '/etc/motd':
    ensure  => file,
    content => template('profile/motd.erb'),
    owner   => $motd_owner,
    mode    => '0644',
  }
  file { '/etc/security/limits.d/sessions.conf':
    ensure  => file,
    content => "* hard maxlogins ${sessions}\n",
  }
  package { 'curl': ensure => installed }
}
EOF
cat > site/profile/templates/motd.erb <<'EOF'
This is <%= @facts['networking']['hostname'] %>, a <%= @facts['role'] %> node.
Managed by Puppet: local changes are lost.
EOF
cat > data/common.yaml <<'EOF'
---
profile::base::motd_owner: root
classes: [ntp]
EOF
cat > data/role/web.yaml <<'EOF'
---
classes: [rsync]
profile::base::sessions: 20
EOF
cat > data/role/db.yaml <<'EOF'
---
classes: [memcached]
EOF
git add -A
git commit -q -m "the environment"

# ---------------------------------------------------------------- the change, commit 2
git checkout -q -b feature
sed -i "s/mode    => '0644'/mode    => '0640'/" site/profile/manifests/base.pp
sed -i 's/local changes are lost/local changes are overwritten/' site/profile/templates/motd.erb
sed -i 's/profile::base::sessions: 20/profile::base::sessions: 30/' data/role/web.yaml
git commit -q -a -m "a parameter, a template, a Hiera value"

# ---------------------------------------------------------------- the nodes
python3 - "$FACTERDB" "$FACTS" "$NODES" <<'EOF'
import glob, json, os, sys
facterdb, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
sets = sorted(
    f for f in glob.glob(os.path.join(facterdb, "4.*", "*-x86_64.facts"))
    if os.path.basename(f).startswith(("debian-1", "ubuntu-2"))
)
if not sets:
    sys.exit("bench-diff: no Debian or Ubuntu facts in " + facterdb)
for i in range(count):
    with open(sets[i % len(sets)]) as f:
        facts = json.load(f)
    host = f"node{i + 1:02d}"
    fqdn = f"{host}.example.com"
    facts["fqdn"], facts["hostname"] = fqdn, host
    net = facts.setdefault("networking", {})
    net["fqdn"], net["hostname"] = fqdn, host
    facts["role"] = ["web", "db", "base"][i % 3]
    with open(os.path.join(out, fqdn + ".json"), "w") as f:
        json.dump(facts, f)
EOF

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "bench-diff: $NODES nodes, corpus $CORPUS, load $(load)"

# ---------------------------------------------------------------- plint
start=$(date +%s.%N)
status=0
"$PLINT" diff --from main --to feature --facts "$FACTS" --basemodulepath "$CORPUS" --format json --output "$WORK/plint.json" -q || status=$?
plint_time=$(echo "$(date +%s.%N) - $start" | bc)
[[ $status -le 1 ]] || { echo "bench-diff: plint diff failed ($status)" >&2; exit 2; }

if [[ -n "${PLINT_ONLY:-}" ]]; then
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); n=r['nodes']; print('bench-diff: %d nodes, %d with news' % (len(n), sum(1 for x in n if x['changes'] or x['status'] != 'compiles')))" "$WORK/plint.json"
    printf 'bench-diff: plint diff %.2f s for %s nodes (%s threads); load %s\n' "$plint_time" "$NODES" "$(nproc)" "$(load)"
    exit 0
fi

# ---------------------------------------------------------------- octocatalog-diff
start=$(date +%s.%N)
for f in "$FACTS"/*.json; do
    node=$(basename "$f" .json)
    octocatalog-diff --basedir "$REPO" -f main -t feature --fact-file "$f" -n "$node" \
        --puppet-binary "$(command -v puppet)" --no-hiera-config \
        --output-file "$WORK/ocd/$node.json" --output-format json --quiet >/dev/null 2>"$WORK/ocd/$node.err" || true
done
ocd_time=$(echo "$(date +%s.%N) - $start" | bc)

# ---------------------------------------------------------------- the comparison
python3 - "$WORK/plint.json" "$WORK/ocd" <<'EOF'
import json, os, sys
plint = json.load(open(sys.argv[1]))
ocd_dir = sys.argv[2]

def plint_changes(node):
    out, unknown = set(), set()
    for c in node["changes"]:
        k = c["kind"]
        # What octocatalog-diff leaves out by default: classes (and so their parameters), and
        # the ordering relationships `before` and `require`.
        if c.get("resource", "").startswith("Class[") or c.get("relationship") in ("before", "require"):
            continue
        if k in ("resource-added", "resource-removed"):
            out.add((k.split("-")[1], c["resource"], ""))
        elif k == "parameter-changed":
            out.add(("changed", c["resource"], c["parameter"]))
        elif k.startswith("relationship"):
            out.add(("changed", c["resource"], c["relationship"]))
    for u in node["unknown"]:
        unknown.add(("changed", u["resource"], u["parameter"]))
    return out, unknown

def ocd_changes(path):
    data = json.load(open(path))
    diffs = data.get("diff", data) if isinstance(data, dict) else data
    out = set()
    for d in diffs:
        if isinstance(d, dict):  # octocatalog-diff's json: objects with diff_type, type, title, structure
            kind, ty, title, structure = d["diff_type"], d["type"], d["title"], d.get("structure", [])
        else:  # legacy_json: [sign, "Type\fTitle\fparameters\fname", old, new]
            kind = {"+": "+", "-": "-", "~": "~", "!": "~"}[d[0]]
            parts = d[1].split("\f")
            ty, title, structure = parts[0], parts[1], parts[2:]
        ref = f"{ty}[{title}]"
        if ty == "Class":
            continue  # left out on plint's side too
        if kind == "+" and not structure:
            out.add(("added", ref, ""))
        elif kind == "-" and not structure:
            out.add(("removed", ref, ""))
        elif structure and structure[0] == "parameters" and len(structure) > 1:
            out.add(("changed", ref, structure[1]))
    return out

same = differ = 0
for node in plint["nodes"]:
    name = node["node"]
    path = os.path.join(ocd_dir, name + ".json")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        err = open(os.path.join(ocd_dir, name + ".err")).read().strip().splitlines()
        print(f"  {name}: octocatalog-diff gave no diff ({(err or ['?'])[-1][:160]}); plint: {node['status']}")
        differ += 1
        continue
    theirs = ocd_changes(path)
    ours, unknown = plint_changes(node)
    only_theirs = theirs - ours - unknown
    only_ours = ours - theirs
    if only_theirs or only_ours:
        differ += 1
        print(f"  {name}: only octocatalog-diff: {sorted(only_theirs)}; only plint: {sorted(only_ours)}")
    else:
        same += 1
    for u in sorted(unknown & theirs):
        print(f"  {name}: unknown to plint (octocatalog-diff reports it): {u[1]} {u[2]}")
print(f"bench-diff: same changes on {same} of {same + differ} nodes")
EOF

ratio=$(echo "scale=1; $ocd_time / $plint_time" | bc)
printf 'bench-diff: plint diff %.2f s, octocatalog-diff %.1f s (%s nodes): plint %sx faster; load %s\n' \
    "$plint_time" "$ocd_time" "$NODES" "$ratio" "$(load)"

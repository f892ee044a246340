#!/usr/bin/env bash
# Scaling of `plint --evaluate` with the size of its data: facts files (JSON and YAML) and a
# Hiera data file (YAML) of 100 KB to 10 MB, generated here, each a hash of many keys (flat
# keys and some nested hashes). The manifest reads one fact, looks one key up (a
# deep merge of the whole data hash through `lookup(..., 'deep')`), merges the facts into a hash with
# `+` and `merge()`, so that loading, key lookup and merging are all measured. Prints the
# CPU time (user + system, so that a busy machine does not blur it) of each run and the time
# per MB, which should stay flat (linear scaling).
#
#   scripts/bench-eval-data.sh                 # the debug build (target/debug/plint)
#   PLINT=target/release/plint scripts/bench-eval-data.sh
#   SIZES="1 10 100" scripts/bench-eval-data.sh   # thousands of keys (about 100 bytes each)

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLINT=${PLINT:-$ROOT/target/debug/plint}
SIZES=${SIZES:-"1 10 30 100"}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

[[ -x "$PLINT" ]] || { echo "bench-eval-data: $PLINT is missing: cargo build" >&2; exit 2; }

gen() { # gen THOUSANDS FORMAT FILE
    python3 - "$1" "$2" "$3" <<'PY'
import json, sys
n = int(sys.argv[1]) * 1000
fmt, path = sys.argv[2], sys.argv[3]
data = {"networking": {"fqdn": "bench.example.com"}, "os": {"family": "Debian"}}
big = {}
for i in range(n):
    if i % 10 == 0:
        big[f"group_{i:08d}"] = {"name": f"value number {i}", "port": i, "enabled": True}
    else:
        big[f"key_{i:08d}_with_a_longer_name"] = f"a value of about forty bytes, number {i}"
data["big"] = big
with open(path, "w") as f:
    if fmt == "json":
        json.dump(data, f)
    else:
        f.write("---\n")
        for top in ("networking", "os"):
            f.write(f"{top}:\n")
            for k, v in data[top].items():
                f.write(f"  {k}: {json.dumps(v)}\n")
        f.write("big:\n")
        for k, v in big.items():
            if isinstance(v, dict):
                f.write(f"  {k}:\n")
                for k2, v2 in v.items():
                    f.write(f"    {k2}: {json.dumps(v2)}\n")
            else:
                f.write(f"  {k}: {json.dumps(v)}\n")
PY
}

mkdir -p "$WORK/env/manifests" "$WORK/env/data"
cat > "$WORK/env/hiera.yaml" <<'YAML'
---
version: 5
hierarchy:
  - name: common
    path: common.yaml
YAML
cat > "$WORK/env/manifests/site.pp" <<'PP'
$fact = $facts['big']['key_00000001_with_a_longer_name']
$data = lookup('big', Hash, 'deep')
$last = $data.keys[-1]
$merged = $facts['big'] + { 'extra' => 1 }
$merged2 = merge($merged, $data)
file { '/tmp/bench':
  content => "${fact} ${last} ${merged2.length}",
}
PP

printf '%-6s %-5s %10s %10s %12s\n' keys kind MB 'CPU s' 's/MB'
for k in $SIZES; do
    for kind in json yaml; do
        gen "$k" "$kind" "$WORK/facts.$kind"
        gen "$k" yaml "$WORK/env/data/common.yaml"
        mb=$(du -b "$WORK/facts.$kind" "$WORK/env/data/common.yaml" | awk '{s+=$1} END {printf "%.2f", s/1e6}')
        /usr/bin/time -f '%U %S' -o "$WORK/time" \
            "$PLINT" --evaluate --facts "$WORK/facts.$kind" "$WORK/env/manifests/site.pp" >/dev/null 2>"$WORK/err" \
            || { cat "$WORK/err" >&2; exit 1; }
        awk -v k="${k}k" -v kind="$kind" -v mb="$mb" \
            '{ t = $1 + $2; printf "%-6s %-5s %10s %10.2f %12.3f\n", k, kind, mb, t, t / mb }' "$WORK/time"
    done
done

#!/usr/bin/env bash
# How plint's check mode grows with the size of single large inputs (issue 16: nothing
# quadratic on hostile or generated files):
#
#   scripts/bench-large-inputs.sh            # build release, then measure
#   RUNS=5 NO_BUILD=1 scripts/bench-large-inputs.sh
#   PLINT=/path/to/plint NO_BUILD=1 scripts/bench-large-inputs.sh
#
# For each kind of input, one module is generated at about 100 KB, 1 MB and 10 MB:
#   hash      one hash literal of string keys and values (`$h = { 'k1' => 'v1', ... }`)
#   array     array literals of strings and integers: a class parameter's default, a
#             resource attribute, and nested arrays and hashes
#   ruby      a Ruby function file (lib/puppet/functions) with many dispatches and a long body
#   patterns  many class parameters typed `Pattern[/.../]` (back-references and look-around
#             included), with defaults that match
# hyperfine (`-N`, RUNS runs) times `plint --format json MODULE`; the table gives the mean
# and the time per megabyte, which stays flat when the time is linear in the size.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

RUNS=${RUNS:-3}
OUT="$ROOT/target/bench"
PLINT=${PLINT:-$ROOT/target/release/plint}
WORK=${TMPDIR:-/tmp}/plint-large-inputs
mkdir -p "$OUT"

command -v hyperfine >/dev/null || { echo "bench-large-inputs: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [[ -z "${NO_BUILD:-}" ]]; then
    cargo build --release --quiet
fi
[[ -x "$PLINT" ]] || { echo "bench-large-inputs: no plint at $PLINT" >&2; exit 2; }

rm -rf "$WORK"
mkdir -p "$WORK"

python3 - "$WORK" <<'PY'
import os, sys
work = sys.argv[1]
SIZES = [("100k", 100_000), ("1m", 1_000_000), ("10m", 10_000_000)]

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)

def fill(size, head, item, tail):
    """head + items (item(i), i = 0, 1, ...) + tail, about `size` bytes."""
    parts, n, i = [head], len(head) + len(tail), 0
    while n < size:
        s = item(i)
        parts.append(s)
        n += len(s)
        i += 1
    parts.append(tail)
    return "".join(parts)

def hash_input(size):
    return fill(size, "class bench {\n  $h = {\n",
                lambda i: f"    'key{i}' => 'value{i}',\n",
                "  }\n  notify { 'h': message => $h }\n}\n")

def array_input(size):
    third = size // 3
    strings = fill(third, "class bench(\n  Array[String] $names = [\n",
                   lambda i: f"    'name{i}',\n", "  ],\n) {\n")
    ints = fill(third, "  file { '/x': content => [",
                lambda i: f"{i}, ", "0] }\n")
    nested = fill(size - len(strings) - len(ints), "  $n = [\n",
                  lambda i: f"    [{i}, {{'a' => ['x{i}', {i}]}}],\n", "  ]\n}\n")
    return strings + ints + nested

def ruby_input(size):
    head = "Puppet::Functions.create_function(:'bench::f') do\n"
    disp = lambda i: (f"  dispatch :f{i} do\n    param 'String', :x{i}\n"
                      f"    optional_param 'Integer', :y{i}\n  end\n")
    half = fill(size // 2, head, disp, "")
    body = fill(size - len(half), "  def f(x)\n",
                lambda i: f"    y{i} = x.to_s + \"s{i}\" if x # comment {i}\n",
                "  end\nend\n")
    return half + body

PATTERNS = [
    ("/^[a-z][a-z0-9_]{0,40}$/", "name{i}"),
    ("/\\A\\d+(\\.\\d+){0,3}\\z/", "{i}.1.2"),
    ("/^(?!root$)[a-z]+\\d*$/", "user{i}"),
    ("/^([a-z])\\1?[a-z0-9]*$/", "aab{i}"),
    ("/^(\\/[^\\/\\0]+)+\\/?$/", "/srv/app{i}/data"),
]

def patterns_input(size):
    def item(i):
        p, v = PATTERNS[i % len(PATTERNS)]
        return f"  Pattern[{p}] $p{i} = '{v.format(i=i)}',\n"
    return fill(size, "class bench(\n", item, ") { }\n")

for kind, make in [("hash", hash_input), ("array", array_input),
                   ("ruby", ruby_input), ("patterns", patterns_input)]:
    for label, size in SIZES:
        root = os.path.join(work, f"{kind}-{label}", "bench")
        if kind == "ruby":
            write(os.path.join(root, "lib/puppet/functions/bench/f.rb"), make(size))
            write(os.path.join(root, "manifests/init.pp"), "class bench { }\n")
        else:
            write(os.path.join(root, "manifests/init.pp"), make(size))
PY

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %8s %10s %10s %12s\n' input size bytes "mean (s)" "s per MB"
for kind in hash array ruby patterns; do
    for label in 100k 1m 10m; do
        dir="$WORK/$kind-$label"
        bytes=$(find "$dir" -type f \( -name '*.pp' -o -name '*.rb' \) -printf '%s\n' | awk '{s += $1} END {print s}')
        json="$OUT/large-$kind-$label.json"
        hyperfine -N --runs "$RUNS" --warmup 1 -i --export-json "$json" \
            "$PLINT --format json $dir/bench" >/dev/null 2>&1
        mean=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$json")
        python3 -c "import sys; k,l,b,m=sys.argv[1:5]; b=int(b); m=float(m); print(f'{k:<10} {l:>8} {b:>10} {m:>10.3f} {m/(b/1e6):>12.3f}')" \
            "$kind" "$label" "$bytes" "$mean"
    done
done

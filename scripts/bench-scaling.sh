#!/usr/bin/env bash
# How plint's check mode (all default rules, the index, the inference) grows with the size of
# what it checks (issue 4: "linear in corpus size"):
#
#   scripts/bench-scaling.sh            # build release, then measure
#   RUNS=10 NO_BUILD=1 scripts/bench-scaling.sh
#
# The corpus's modules (every `*.pp` under CORPUS, symbolic links followed), sorted by name,
# are cut into prefixes of whole modules holding about 1/8, 1/4, 1/2 and all of its bytes; a
# copy of the corpus made twice under $TMPDIR (two module folders, the second a copy of the
# first) gives 2x. hyperfine (`-N`, RUNS runs) times plint on each list; the table gives the
# mean, and the time per megabyte, which stays flat when the time is linear in the size.
# The machine should be idle (the load average is printed).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

CORPUS=${CORPUS:-/usr/share/puppet/modules}
RUNS=${RUNS:-10}
OUT="$ROOT/target/bench"
PLINT=${PLINT:-$ROOT/target/release/plint}
COPY=${TMPDIR:-/tmp}/plint-scaling-corpus
mkdir -p "$OUT"

[[ -d "$CORPUS" ]] || { echo "bench-scaling: $CORPUS is missing: run scripts/install-corpus.sh" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench-scaling: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [[ -z "${NO_BUILD:-}" ]]; then
    cargo build --release --quiet
fi

# Twice the corpus: two folders of modules, each a full copy (links resolved).
if [[ ! -d "$COPY/b" ]]; then
    rm -rf "$COPY"
    mkdir -p "$COPY/a" "$COPY/b"
    cp -rL "$CORPUS"/. "$COPY/a/"
    cp -r "$COPY/a"/. "$COPY/b/"
fi

python3 - "$CORPUS" "$COPY" "$OUT" <<'EOF'
import os, sys
corpus, copy, out = sys.argv[1:4]
def pp_files(root):
    found = []
    for d, dirs, files in os.walk(root, followlinks=True):
        dirs.sort()
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(".pp")]
    return found
files = pp_files(corpus)
size = lambda f: os.path.getsize(f)
total = sum(map(size, files))
by_module = {}
for f in files:
    by_module.setdefault(os.path.relpath(f, corpus).split(os.sep)[0], []).append(f)
for name, share in [("1_8", 1 / 8), ("1_4", 1 / 4), ("1_2", 1 / 2), ("1", 1)]:
    chosen, got = [], 0
    for m in sorted(by_module):
        if got >= share * total:
            break
        chosen += by_module[m]
        got += sum(map(size, by_module[m]))
    open(f"{out}/scaling-{name}.txt", "w").write("\n".join(chosen) + "\n")
double = pp_files(copy)
open(f"{out}/scaling-2.txt", "w").write("\n".join(double) + "\n")
EOF

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s %7s %10s %11s %11s\n" share files MB "mean ms" "ms per MB"
for name in 1_8 1_4 1_2 1 2; do
    list="$OUT/scaling-$name.txt"
    files=$(wc -l < "$list")
    bytes=$(xargs -a "$list" cat | wc -c)
    hyperfine -N --ignore-failure --warmup 1 --runs "$RUNS" --style basic \
        --export-json "$OUT/scaling-$name.json" "xargs -a $list $PLINT --quiet" >/dev/null 2>&1
    python3 -c '
import json, sys
name, files, size = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) / 1e6
mean = json.load(open(sys.argv[1]))["results"][0]["mean"] * 1000
print("%-6s %7d %10.2f %11.1f %11.1f" % (name.replace("_", "/"), files, size, mean, mean / size))
' "$OUT/scaling-$name.json" "$name" "$files" "$bytes"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

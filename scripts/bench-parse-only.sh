#!/usr/bin/env bash
# The bare tree-sitter parse of a list of files, without plint: a small C program linked with
# the tree-sitter runtime that plint uses (its C sources, from Cargo's registry) and with one
# generated parser, counted by callgrind and timed (CPU, medians of alternated runs). For
# telling what a grammar change costs the parse alone, apart from the rest of the check.
#
#   scripts/bench-parse-only.sh LIST SRC_DIR...
#
# LIST: a file of paths, one a line (e.g. the 1,898 corpus manifests). SRC_DIR: a grammar's
# `src/` (parser.c, scanner.c, tree_sitter/); several are compared with each other, e.g.
# /work/main/tree-sitter-puppet/src and tree-sitter-puppet/src. RUNS (default 15) alternated
# runs of each for the CPU time.
set -euo pipefail
LIST=$(realpath "${1:?usage: bench-parse-only.sh LIST SRC_DIR...}")
shift
[ $# -ge 1 ] || { echo "usage: bench-parse-only.sh LIST SRC_DIR..." >&2; exit 2; }
RUNS=${RUNS:-15}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(sed -n '/^name = "tree-sitter"$/{n;s/^version = "\(.*\)"/\1/p;q}' "$ROOT/Cargo.lock")
TS=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"tree-sitter-$version" | head -1)
WORK=$(mktemp -d /tmp/parse-only.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

cat >"$WORK/parse.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"
const TSLanguage *tree_sitter_puppet(void);
int main(int argc, char **argv) {
  FILE *list = fopen(argv[1], "r");
  if (!list) return 2;
  char path[4096];
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_puppet());
  long files = 0, errors = 0;
  while (fgets(path, sizeof path, list)) {
    path[strcspn(path, "\n")] = 0;
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(n + 1);
    if (fread(text, 1, n, f) != (size_t)n) n = 0;
    fclose(f);
    TSTree *tree = ts_parser_parse_string(parser, NULL, text, n);
    if (ts_node_has_error(ts_tree_root_node(tree))) errors++;
    files++;
    ts_tree_delete(tree);
    free(text);
  }
  printf("%ld files, %ld with syntax errors\n", files, errors);
  ts_parser_delete(parser);
  return 0;
}
EOF

i=0
for src in "$@"; do
    i=$((i + 1))
    gcc -O2 -w -I"$TS/include" -I"$TS/src" -I"$src" -o "$WORK/parse$i" "$WORK/parse.c" \
        "$TS/src/lib.c" "$src/parser.c" "$src/scanner.c"
    states=$(sed -n 's/^#define \(LARGE_\)\{0,1\}STATE_COUNT \([0-9]*\)/\2/p' "$src/parser.c" | tr '\n' ' ')
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$WORK/parse$i" "$LIST" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    echo "$src: STATE_COUNT LARGE_STATE_COUNT $states; $("$WORK/parse$i" "$LIST"); $count instructions"
done
for _ in $(seq "$RUNS"); do
    for j in $(seq "$i"); do
        /usr/bin/time -f "$j %U %S" "$WORK/parse$j" "$LIST" 2>>"$WORK/times" >/dev/null
    done
done
python3 - "$WORK/times" "$@" <<'EOF'
import statistics, sys
cpu = {}
for line in open(sys.argv[1]):
    j, user, system = line.split()
    cpu.setdefault(int(j), []).append(float(user) + float(system))
for j, src in enumerate(sys.argv[2:], 1):
    print(f"{src}: CPU median {statistics.median(cpu[j]) * 1000:.0f} ms of {len(cpu[j])} runs")
EOF

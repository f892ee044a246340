#!/usr/bin/env bash
# Builds and runs the `parse` fuzz target (see README.md).
#   fuzz/run.sh [SEED_DIR...] [-- LIBFUZZER_FLAGS...]
# The C parts (generated parser.c and the external scanner.c) are compiled with clang, ASan and
# libFuzzer coverage so that the fuzzer sees the scanner's branches; the tree-sitter runtime gets
# ASan only (its coverage costs 3x in speed and tells little).
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1 CC=clang
export CFLAGS="-fsanitize=fuzzer-no-link,address -fsanitize-coverage-allowlist=$PWD/cov-allowlist.txt -g -O2"
dirs=()
while [[ $# -gt 0 && $1 != -- ]]; do dirs+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
mkdir -p corpus/parse
exec cargo fuzz run parse corpus/parse seeds "${dirs[@]}" -- \
  -dict=puppet.dict -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 "$@"

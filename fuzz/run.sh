#!/usr/bin/env bash
# Builds and runs one fuzz target (see README.md).
#   fuzz/run.sh TARGET [SEED_DIR...] [-- LIBFUZZER_FLAGS...]
# TARGET is parse, lower, infer, evaluate or hiera. The working corpus is corpus/TARGET, the
# committed seeds seeds/TARGET. The C parts (generated parser.c and the external scanner.c)
# are compiled with clang, ASan and libFuzzer coverage so that the fuzzer sees the scanner's
# branches; the tree-sitter runtime gets ASan only (its coverage costs 3x in speed and tells
# little).
set -euo pipefail
cd "$(dirname "$0")"
target=${1:-}
case $target in
  parse | lower | infer | evaluate) dict=puppet.dict ;;
  hiera) dict=hiera.dict ;;
  *)
    echo "usage: fuzz/run.sh parse|lower|infer|evaluate|hiera [SEED_DIR...] [-- FLAGS...]" >&2
    exit 2
    ;;
esac
shift
export RUSTC_BOOTSTRAP=1 CC=clang
export CFLAGS="-fsanitize=fuzzer-no-link,address -fsanitize-coverage-allowlist=$PWD/cov-allowlist.txt -g -O2"
dirs=()
while [[ $# -gt 0 && $1 != -- ]]; do dirs+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
mkdir -p "corpus/$target"
exec cargo fuzz run "$target" "corpus/$target" "seeds/$target" "${dirs[@]}" -- \
  -dict="$dict" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 "$@"

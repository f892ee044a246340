#!/usr/bin/env bash
# Benchmark plint on the Puppet corpus against `puppet parser validate`, and against a bare
# tree-sitter parse of the same files.
#
#   scripts/bench.sh                 # everything, results under target/bench/
#   RUNS=10 ITERS=20 scripts/bench.sh
#
# Environment:
#   CORPUS   corpus directory (default /usr/share/puppet/modules)
#   RUNS     hyperfine runs per command (default 5); WARMUP warm-up runs (default 1)
#   ITERS    iterations of the in-process benchmark (default 10)
#   THREADS  threads of the in-process parallel variants (default 2)
#   RSS_RUNS runs of /usr/bin/time -v per command; the largest peak RSS is kept (default 3)
#
# Steps:
#  1. `cargo build --release`.
#  2. The file list: every `*.pp` under CORPUS (symbolic links followed, `spec/fixtures`
#     included), each file once (by device and inode), sorted. Both tools get exactly this
#     list on their command line.
#  3. Check that `puppet parser validate` goes through the whole list in one process (a
#     deliberately broken file appended at the end must be reported).
#  4. hyperfine, one run: puppet parser validate FILES vs plint --quiet FILES (and plint -j 1).
#  5. Peak RSS of each with /usr/bin/time -v.
#  6. The in-process benchmark (benches/corpus.rs): bare tree-sitter vs plint::syntax::parse.
#  7. A summary table.
#
# Missing hyperfine or GNU time are installed with apt-get when possible; without Puppet the
# Puppet parts are skipped with a message. The machine should be otherwise idle: the load
# average is printed before and after.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

CORPUS=${CORPUS:-/usr/share/puppet/modules}
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
ITERS=${ITERS:-10}
THREADS=${THREADS:-2}
RSS_RUNS=${RSS_RUNS:-3}
OUT="$ROOT/target/bench"
PLINT="$ROOT/target/release/plint"

say() { printf '\n== %s\n' "$*"; }
note() { printf 'bench: %s\n' "$*" >&2; }

# Installs a Debian package if its command is missing (and apt-get can be used).
ensure() {
    local cmd=$1 pkg=$2
    [[ -x "$cmd" ]] || command -v "$cmd" >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
        note "installing $pkg"
        apt-get install -y "$pkg" >/dev/null 2>&1 ||
            { apt-get update >/dev/null 2>&1 && apt-get install -y "$pkg" >/dev/null 2>&1; } ||
            true
    fi
    [[ -x "$cmd" ]] || command -v "$cmd" >/dev/null 2>&1
}

if [[ ! -d "$CORPUS" ]]; then
    note "no corpus at $CORPUS (set CORPUS=DIR); nothing to measure"
    exit 0
fi
mkdir -p "$OUT"

# Percentage of all CPU time spent busy over the next second (from /proc/stat).
cpu_busy() {
    local a b
    a=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat)
    sleep 1
    b=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat)
    awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ");
        t = y[2] - x[2]; printf "%d", (t > 0) ? 100 * (y[1] - x[1]) / t : 0 }'
}

say "machine"
echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //')"
echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Other work on the machine skews every figure (plint uses every CPU; Puppet uses one).
# WAIT_IDLE=SECONDS waits up to that long for the CPUs to be idle (under 10% busy).
BUSY=$(cpu_busy)
waited=0
while [[ $BUSY -ge 10 && $waited -lt ${WAIT_IDLE:-0} ]]; do
    sleep 4
    waited=$((waited + 5))
    BUSY=$(cpu_busy)
done
echo "cpu busy before starting: ${BUSY}%"
if [[ $BUSY -ge 10 ]]; then
    note "WARNING: the machine is not idle (${BUSY}% busy): the figures will be unreliable"
fi
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- src tree-sitter-puppet 2>/dev/null || echo ' (+ uncommitted changes)')"

say "build"
cargo build --release --quiet
"$PLINT" --version

# ---- the file list --------------------------------------------------------------------------
FILES="$OUT/files.txt"
find -L "$CORPUS" -type f -name '*.pp' -print0 |
    xargs -0 stat -L --format '%d:%i %n' |
    sort -k2 | awk '!seen[$1]++ { sub(/^[^ ]* /, ""); print }' >"$FILES"
NFILES=$(wc -l <"$FILES")
NBYTES=$(tr '\n' '\0' <"$FILES" | xargs -0 cat | wc -c)
echo "files: $NFILES distinct .pp files, $NBYTES bytes (list: $FILES)"

# Runs a command with the file list appended to its arguments, in one process: the list is
# too long for a single command-line string (hyperfine's), so xargs reads it from the file.
# Costs about 2 ms per run, the same for every command measured.
if [[ $(wc -c <"$FILES") -ge 1000000 ]]; then
    note "the file list is over 1 MB: xargs would split it into several runs"
    exit 1
fi
RUNNER="$OUT/with-files"
cat >"$RUNNER" <<'EOF'
#!/bin/sh
list=$1
shift
exec xargs -d '\n' -s 1048576 -a "$list" -- "$@"
EOF
chmod +x "$RUNNER"

# plint must see the same files.
"$RUNNER" "$FILES" "$PLINT" --quiet --timings >/dev/null 2>"$OUT/plint-timings.txt" || true
PLINT_FILES=$(awk '/discover/ { gsub(",", "", $4); print $4 }' "$OUT/plint-timings.txt")
echo "plint checks: $PLINT_FILES files"
if [[ "$PLINT_FILES" != "$NFILES" ]]; then
    note "plint saw $PLINT_FILES files, the list has $NFILES"
fi
"$RUNNER" "$FILES" "$PLINT" --quiet --format json >"$OUT/plint-findings.json" || true
echo "plint findings: $(grep -c '"code"' "$OUT/plint-findings.json" || true)"
SYNTAX_ONLY="--select P0"
status=0
"$PLINT" --quiet $SYNTAX_ONLY "$(head -n1 "$FILES")" >/dev/null 2>&1 || status=$?
if [[ $status -eq 2 ]]; then
    note "plint does not accept \`$SYNTAX_ONLY\`: no syntax-only timing"
    SYNTAX_ONLY=""
fi

# ---- Puppet: does it validate the whole list in one process? --------------------------------
HAVE_PUPPET=0
if command -v puppet >/dev/null 2>&1; then
    HAVE_PUPPET=1
    PUPPET_VERSION=$(puppet --version 2>/dev/null || echo '?')
    say "puppet $PUPPET_VERSION: checking that one process validates every file"
    SENTINEL="$OUT/zz-sentinel-broken.pp"
    printf 'class sentinel {\n' >"$SENTINEL"
    cp "$FILES" "$OUT/files-plus-sentinel.txt"
    echo "$SENTINEL" >>"$OUT/files-plus-sentinel.txt"
    set +e
    "$RUNNER" "$OUT/files-plus-sentinel.txt" puppet parser validate --color=false \
        >"$OUT/puppet-stdout.txt" 2>"$OUT/puppet-stderr.txt"
    PUPPET_STATUS=$?
    set -e
    PUPPET_ERR_FILES=$(grep -o '(file: [^,)]*' "$OUT/puppet-stderr.txt" | grep -v sentinel |
        sort -u | wc -l)
    # xargs exits with 123 when the command exits with 1 to 125.
    [[ $PUPPET_STATUS -eq 123 ]] && PUPPET_STATUS="non-zero"
    echo "exit status $PUPPET_STATUS; $(grep -c '^Error' "$OUT/puppet-stderr.txt" || true) error" \
        "lines, $(grep -c '^Warning' "$OUT/puppet-stderr.txt" || true) warning lines," \
        "errors in $PUPPET_ERR_FILES corpus files (stderr: $OUT/puppet-stderr.txt)"
    if grep -q 'zz-sentinel-broken.pp' "$OUT/puppet-stderr.txt"; then
        echo "the broken file placed last was reported: puppet went through the whole list"
        PUPPET_WHOLE="yes"
    else
        echo "WARNING: the broken file placed last was NOT reported: puppet stopped early;" \
            "its time covers only part of the corpus"
        PUPPET_WHOLE="NO (stopped early)"
    fi
else
    note "puppet not found: the Puppet comparison is skipped"
fi

# ---- hyperfine: process against process, same run -------------------------------------------
HF_CSV="$OUT/hyperfine.csv"
rm -f "$HF_CSV"
if ensure hyperfine hyperfine; then
    say "hyperfine ($RUNS runs, $WARMUP warm-up)"
    cmds=()
    names=()
    if [[ $HAVE_PUPPET -eq 1 ]]; then
        cmds+=("$RUNNER $FILES puppet parser validate --color=false")
        names+=(puppet)
    fi
    cmds+=("$RUNNER $FILES $PLINT --quiet" "$RUNNER $FILES $PLINT --quiet -j 1")
    names+=(plint "plint -j1")
    # The syntax stage alone: `--select P0` selects no rule (the rules are P1xx-P4xx), so
    # plint reads, parses, lowers and reports syntax findings only.
    if [[ -n "$SYNTAX_ONLY" ]]; then
        cmds+=("$RUNNER $FILES $PLINT --quiet $SYNTAX_ONLY")
        names+=("plint syntax only")
    fi
    args=()
    for i in "${!cmds[@]}"; do
        args+=(--command-name "${names[$i]}" "${cmds[$i]}")
    done
    hyperfine --shell=none --ignore-failure --warmup "$WARMUP" --runs "$RUNS" --style basic \
        --export-csv "$HF_CSV" --export-markdown "$OUT/hyperfine.md" \
        --export-json "$OUT/hyperfine.json" "${args[@]}" 2>&1 | tee "$OUT/hyperfine.txt"
else
    note "hyperfine is missing and could not be installed: process timings skipped"
fi

# ---- peak memory ----------------------------------------------------------------------------
# Largest "Maximum resident set size" (KiB) over RSS_RUNS runs of a command.
peak_rss() {
    local best=0 kb
    for _ in $(seq "$RSS_RUNS"); do
        /usr/bin/time -v -o "$OUT/time-v.txt" "$@" >/dev/null 2>&1 || true
        kb=$(awk '/Maximum resident set size/ { print $NF }' "$OUT/time-v.txt")
        if [[ -n "$kb" && "$kb" -gt "$best" ]]; then best=$kb; fi
    done
    echo "$best"
}
RSS_PLINT=""
RSS_SYNTAX=""
RSS_PUPPET=""
if ensure /usr/bin/time time; then
    say "peak RSS (/usr/bin/time -v, largest of $RSS_RUNS runs)"
    RSS_PLINT=$(peak_rss "$RUNNER" "$FILES" "$PLINT" --quiet)
    echo "plint:  $RSS_PLINT KiB"
    if [[ -n "$SYNTAX_ONLY" ]]; then
        # shellcheck disable=SC2086
        RSS_SYNTAX=$(peak_rss "$RUNNER" "$FILES" "$PLINT" --quiet $SYNTAX_ONLY)
        echo "plint syntax only: $RSS_SYNTAX KiB"
    fi
    if [[ $HAVE_PUPPET -eq 1 ]]; then
        RSS_PUPPET=$(peak_rss "$RUNNER" "$FILES" puppet parser validate --color=false)
        echo "puppet: $RSS_PUPPET KiB"
    fi
else
    note "GNU time is missing and could not be installed: peak RSS skipped"
fi

# ---- in-process benchmark -------------------------------------------------------------------
say "in-process: bare tree-sitter vs plint::syntax::parse (benches/corpus.rs)"
BENCH_CSV="$OUT/corpus-bench.csv"
rm -f "$BENCH_CSV"
cargo bench --quiet --bench corpus -- --corpus "$CORPUS" --iters "$ITERS" \
    --threads "$THREADS" --csv "$BENCH_CSV" | tee "$OUT/corpus-bench.txt"

echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- summary --------------------------------------------------------------------------------
# hyperfine CSV: command,mean,stddev,median,user,system,min,max (seconds).
hf() { [[ -f "$HF_CSV" ]] && awk -F, -v n="$1" -v c="$2" '$1 == n { printf "%.1f", $c * 1000 }' "$HF_CSV"; }
# Bench CSV: variant,threads,files,bytes,iters,min_ms,median_ms,mean_ms,cpu_ms_per_iter.
bench() { [[ -f "$BENCH_CSV" ]] && awk -F, -v n="$1" -v c="$2" '$1 == n { printf "%.1f", $c }' "$BENCH_CSV"; }
div() { if [[ -n "${1:-}" && -n "${2:-}" ]]; then awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; else echo "-"; fi; }
verdict() {
    if [[ "$1" == "-" ]]; then echo "n/a"; return; fi
    awk -v v="$1" -v t="$3" -v op="$2" \
        'BEGIN { ok = (op == ">=") ? v >= t : v <= t; print ok ? "met" : "MISSED" }'
}

P_MEAN=$(hf puppet 2 || true); P_MIN=$(hf puppet 7 || true)
L_MEAN=$(hf plint 2 || true); L_MIN=$(hf plint 7 || true)
L1_MEAN=$(hf "plint -j1" 2 || true); L1_MIN=$(hf "plint -j1" 7 || true)
LS_MEAN=$(hf "plint syntax only" 2 || true); LS_MIN=$(hf "plint syntax only" 7 || true)
TS_MED=$(bench ts-par 7 || true); TS_MIN=$(bench ts-par 6 || true)
PL_MED=$(bench plint-par 7 || true); PL_MIN=$(bench plint-par 6 || true)
TS1_MED=$(bench ts-seq 7 || true); TS1_MIN=$(bench ts-seq 6 || true)
PL1_MED=$(bench plint-seq 7 || true); PL1_MIN=$(bench plint-seq 6 || true)

row() { printf '| %-50s | %11s | %11s | %-15s |\n' "$@"; }
say "summary ($NFILES files, $NBYTES bytes; $(nproc) CPUs; times in ms)"
row "measure" "mean/median" "min" "target"
printf '|%s|%s|%s|%s|\n' "----------------------------------------------------" \
    "------------:" "------------:" "-----------------"
row "puppet parser validate FILES (wall, mean)" "${P_MEAN:--}" "${P_MIN:--}" ""
row "plint --quiet FILES (wall, mean)" "${L_MEAN:--}" "${L_MIN:--}" ""
row "plint --quiet -j 1 FILES (wall, mean)" "${L1_MEAN:--}" "${L1_MIN:--}" ""
row "plint --quiet --select P0 FILES (syntax only)" "${LS_MEAN:--}" "${LS_MIN:--}" ""
row "bare tree-sitter parse, $THREADS threads (median)" "${TS_MED:--}" "${TS_MIN:--}" ""
row "plint::syntax::parse, $THREADS threads (median)" "${PL_MED:--}" "${PL_MIN:--}" ""
row "bare tree-sitter parse, 1 thread (median)" "${TS1_MED:--}" "${TS1_MIN:--}" ""
row "plint::syntax::parse, 1 thread (median)" "${PL1_MED:--}" "${PL1_MIN:--}" ""
S1=$(div "$P_MEAN" "$L_MEAN"); S2=$(div "$P_MIN" "$L_MIN")
row "speed-up: puppet / plint (wall clock)" "$S1" "$S2" "$(verdict "$S1" '>=' 20) (>= 20)"
R1=$(div "$L_MEAN" "$TS_MED"); R2=$(div "$L_MIN" "$TS_MIN")
row "plint process / bare parse, $THREADS threads" "$R1" "$R2" "$(verdict "$R1" '<=' 1.5) (<= 1.5)"
S1=$(div "$P_MEAN" "$LS_MEAN"); S2=$(div "$P_MIN" "$LS_MIN")
row "speed-up: puppet / plint syntax only" "$S1" "$S2" "$(verdict "$S1" '>=' 20) (>= 20)"
R1=$(div "$LS_MEAN" "$TS_MED"); R2=$(div "$LS_MIN" "$TS_MIN")
row "plint syntax only process / bare parse" "$R1" "$R2" "$(verdict "$R1" '<=' 1.5) (<= 1.5)"
R1=$(div "$PL_MED" "$TS_MED"); R2=$(div "$PL_MIN" "$TS_MIN")
row "syntax::parse / bare parse, $THREADS threads" "$R1" "$R2" "$(verdict "$R1" '<=' 1.5) (<= 1.5)"
R1=$(div "$PL1_MED" "$TS1_MED"); R2=$(div "$PL1_MIN" "$TS1_MIN")
row "syntax::parse / bare parse, 1 thread" "$R1" "$R2" "$(verdict "$R1" '<=' 1.5) (<= 1.5)"
# CPU time (user + system) barely moves when other work shares the machine; wall time does.
cpu_hf() { [[ -f "$HF_CSV" ]] && awk -F, -v n="$1" '$1 == n { printf "%.1f", ($5 + $6) * 1000 }' "$HF_CSV"; }
P_CPU=$(cpu_hf puppet || true); L_CPU=$(cpu_hf plint || true)
TS_CPU=$(bench ts-par 9 || true); PL_CPU=$(bench plint-par 9 || true)
row "CPU ms (user+sys), puppet process (mean)" "${P_CPU:--}" "" ""
row "CPU ms (user+sys), plint process (mean)" "${L_CPU:--}" "" ""
row "CPU ms, bare parse, $THREADS threads (per round)" "${TS_CPU:--}" "" ""
row "CPU ms, syntax::parse, $THREADS threads (per round)" "${PL_CPU:--}" "" ""
R1=$(div "$P_CPU" "$L_CPU")
row "CPU time: puppet / plint" "$R1" "" ""
R1=$(div "$L_CPU" "$TS_CPU")
row "CPU time: plint process / bare parse" "$R1" "" ""
R1=$(div "$PL_CPU" "$TS_CPU")
row "CPU time: syntax::parse / bare parse" "$R1" "" ""
row "peak RSS plint (KiB)" "${RSS_PLINT:--}" "" ""
row "peak RSS plint syntax only (KiB)" "${RSS_SYNTAX:--}" "" ""
row "peak RSS puppet (KiB)" "${RSS_PUPPET:--}" "" ""
R1=$(div "${RSS_PLINT:-}" "${RSS_PUPPET:-}")
row "peak RSS plint / puppet" "$R1" "" "$(verdict "$R1" '<=' 1) (<= 1)"
if [[ $HAVE_PUPPET -eq 1 ]]; then
    echo
    echo "puppet validated the whole list in one process: $PUPPET_WHOLE"
fi
echo "raw results: $OUT/"

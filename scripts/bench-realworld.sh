#!/usr/bin/env bash
# Speed of `plint --evaluate` on a real production control repository (issue 29, "Speed"):
# for each node of ../shared/realworld (theforeman/foreman-infra, 12 real nodes), plint's wall
# time (best of RUNS processes) beside the seconds Puppet 7.23 took for the same node
# (results.tsv: one `ruby compile.rb` process, Ruby's start included), and the ratio; the best
# CPU time (user + system) of those processes, which waits on a busy machine do not count. Also the
# instructions one process executes (`perf stat -e instructions` where the machine has the
# counter, else valgrind's callgrind), which a machine shared with other builds does not blur.
# plint is run as tests/realworld.rs runs it (the environment folder, its facts and node name,
# --strict-variables, Puppet 7, the stand-in global hiera.yaml, the catalog written as JSON).
#
#   scripts/bench-realworld.sh                       # target/release/plint, best of 3
#   PLINT=path/to/plint RUNS=5 scripts/bench-realworld.sh
#   INSTRUCTIONS=0 scripts/bench-realworld.sh        # wall time only (callgrind is slow)
#   scripts/bench-realworld.sh foreman01 virt01      # only the nodes whose names start so
#
# For quicker builds while iterating: CARGO_PROFILE_RELEASE_LTO=off
# CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo build --release (the figures of BENCHMARKS.md
# say which profile they were measured on).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PLINT=${PLINT:-${CARGO_TARGET_DIR:-$ROOT/target}/release/plint}
RUNS=${RUNS:-3}
INSTRUCTIONS=${INSTRUCTIONS:-1}
DATA=${REALWORLD:-$ROOT/../shared/realworld}

[[ -x "$PLINT" ]] || { echo "bench-realworld: $PLINT is missing: cargo build --release" >&2; exit 2; }
[[ -f "$DATA/nodes.txt" ]] || { echo "bench-realworld: no data set at $DATA" >&2; exit 2; }

WORK=$(mktemp -d /tmp/plint-bench-realworld.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
bash "$DATA/setup.sh" "$WORK" >/dev/null
ENV=$WORK/foreman-infra

# How instructions are counted: the hardware counter, else callgrind, else not at all.
counter=none
if [[ "$INSTRUCTIONS" != 0 ]]; then
    if command -v perf >/dev/null &&
        perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -q '^[0-9]'; then
        counter=perf
    elif command -v valgrind >/dev/null; then
        counter=callgrind
    fi
fi

plint_args() { # plint_args NODE FACTS
    printf '%s\n' --evaluate --facts "$DATA/$2" --node "$1" --basemodulepath test_modules \
        --global-hiera "$DATA/stubs/hiera.yaml" --puppet-version 7 --strict-variables \
        --catalog-out "$WORK/$1.json" --quiet .
}

instructions() { # instructions NODE FACTS -> count
    local args
    # One worker thread: an idle worker's spinning would add a varying count (one node is
    # compiled by one thread either way).
    mapfile -t args < <(plint_args "$1" "$2")
    args=(--threads 1 "${args[@]}")
    case $counter in
    perf)
        (cd "$ENV" && perf stat -x, -e instructions:u "$PLINT" "${args[@]}" 2>&1 >/dev/null) |
            awk -F, '/instructions/ { print $1 }'
        ;;
    callgrind)
        (cd "$ENV" && valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            "$PLINT" "${args[@]}" 2>&1 >/dev/null) |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
        ;;
    *) echo - ;;
    esac
}

printf '%-44s %9s %9s %7s %9s %16s\n' node "puppet s" "plint s" ratio "cpu s" "instructions"
ratios=()
while IFS=$'\t' read -r node facts _; do
    [[ -z "$node" || "$node" == \#* ]] && continue
    if [[ $# -gt 0 ]]; then
        wanted=0
        for prefix in "$@"; do [[ "$node" == "$prefix"* ]] && wanted=1; done
        [[ $wanted == 1 ]] || continue
    fi
    mapfile -t args < <(plint_args "$node" "$facts")
    best=
    best_cpu=
    for _ in $(seq "$RUNS"); do
        # Wall seconds, and CPU seconds (user + system) of the process.
        read -r t cpu < <({ TIMEFORMAT='%R %U %S'; time (cd "$ENV" && "$PLINT" "${args[@]}" \
            >/dev/null 2>&1); } 2>&1 | awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }')
        if [[ -z "$best" ]] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then
            best=$t
        fi
        if [[ -z "$best_cpu" ]] || awk -v t="$cpu" -v b="$best_cpu" 'BEGIN { exit !(t < b) }'; then
            best_cpu=$cpu
        fi
    done
    [[ -s "$WORK/$node.json" ]] || echo "bench-realworld: $node: no catalog written" >&2
    puppet=$(awk -F'\t' -v n="$node" '$1 == n { print $6 }' "$DATA/results.tsv")
    ratio=$(awk -v p="$puppet" -v t="$best" 'BEGIN { printf "%.1f", p / t }')
    ratios+=("$ratio")
    printf '%-44s %9s %9.3f %6s× %9.3f %16s\n' "$node" "$puppet" "$best" "$ratio" "$best_cpu" \
        "$(instructions "$node" "$facts")"
done < "$DATA/nodes.txt"

if [[ ${#ratios[@]} -gt 0 ]]; then
    printf '%s\n' "${ratios[@]}" | sort -g | awk '
        { r[NR] = $1 }
        END {
            m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
            printf "ratio: min %.1f×, median %.1f×, max %.1f× (%d nodes; instructions by %s)\n",
                r[1], m, r[NR], NR, "'"$counter"'"
        }'
fi

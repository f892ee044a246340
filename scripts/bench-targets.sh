#!/usr/bin/env bash
# The speed targets of issues 2-4, measured in one run on the Puppet corpus:
#
#   scripts/bench-targets.sh            # build release, then measure
#   RUNS=20 scripts/bench-targets.sh
#
# hyperfine (`-N`, `--ignore-failure`: every tool finds something and exits non-zero) runs, on
# the same file list (every `*.pp` under CORPUS, symbolic links followed, as `find -L` lists
# them), through `xargs -a LIST` (one process per command):
#   - `puppet parser validate` (VALIDATE_RUNS runs) and `puppet-lint` (LINT_RUNS runs);
#   - plint `--select P0` (the syntax check alone: no rule is selected, the file is read,
#     parsed and lowered), plint with the default rules of the P3 and P4 families (`--ignore
#     P1,P2`: Puppet's validation rules and the puppet-lint checks, the rules of issue 3), and
#     plint with all its default rules (those and the type inference, the name analysis and the
#     catalog rules of the P1 and P2 families, issues 4 and 5), RUNS runs each.
# Then it prints the ratios the issues ask for:
#   - issue 2: syntax check >= 20x faster than `puppet parser validate`;
#   - issue 3: its rules within 1.5x of the syntax check, and >= 100x faster than puppet-lint
#     (and, for reference, the same two ratios for all default rules);
#   - issue 4: all rules and the inference >= 20x faster than `puppet parser validate`.
# The machine should be idle: the load average is printed before and after, and wall-clock
# figures on a busy 2-core machine are meaningless.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

CORPUS=${CORPUS:-/usr/share/puppet/modules}
RUNS=${RUNS:-10}
VALIDATE_RUNS=${VALIDATE_RUNS:-3}
LINT_RUNS=${LINT_RUNS:-2}
OUT="$ROOT/target/bench"
PLINT=${PLINT:-$ROOT/target/release/plint}
mkdir -p "$OUT"

[[ -d "$CORPUS" ]] || { echo "bench-targets: $CORPUS is missing: run scripts/install-corpus.sh" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "bench-targets: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [[ -z "${NO_BUILD:-}" ]]; then
    cargo build --release --quiet
fi

LIST="$OUT/targets-files.txt"
find -L "$CORPUS" -name '*.pp' -type f | sort > "$LIST"
echo "files: $(wc -l < "$LIST"), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # name runs command...
    local name=$1 runs=$2
    shift 2
    hyperfine -N --ignore-failure --warmup 1 --runs "$runs" --style basic \
        --export-json "$OUT/targets-$name.json" --command-name "$name" \
        "xargs -a $LIST $*" >/dev/null 2>&1
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%-10s %9.1f ms  (+- %.1f, median %.1f, user+sys %.1f ms, %d runs)" % (
    sys.argv[2], r["mean"] * 1000, (r["stddev"] or 0) * 1000, r["median"] * 1000,
    (r["user"] + r["system"]) * 1000, len(r["times"])))
' "$OUT/targets-$name.json" "$name"
}

mean() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mean"])' "$OUT/targets-$1.json"; }

HAVE_PUPPET=0
command -v puppet >/dev/null && HAVE_PUPPET=1
HAVE_LINT=0
command -v puppet-lint >/dev/null && HAVE_LINT=1

run syntax "$RUNS" "$PLINT" --quiet --select P0
run checks "$RUNS" "$PLINT" --quiet --ignore P1,P2
run all "$RUNS" "$PLINT" --quiet
[[ $HAVE_PUPPET -eq 1 ]] && run validate "$VALIDATE_RUNS" puppet parser validate --color=false
[[ $HAVE_LINT -eq 1 ]] && run lint "$LINT_RUNS" puppet-lint
# plint again, after the slow tools, to see how much the machine's state moved.
run syntax2 "$RUNS" "$PLINT" --quiet --select P0
run checks2 "$RUNS" "$PLINT" --quiet --ignore P1,P2
run all2 "$RUNS" "$PLINT" --quiet
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT" "$HAVE_PUPPET" "$HAVE_LINT" <<'EOF'
import json, sys
out, puppet, lint = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1"
m = lambda n: json.load(open(f"{out}/targets-{n}.json"))["results"][0]["mean"]
syntax = (m("syntax") + m("syntax2")) / 2
checks = (m("checks") + m("checks2")) / 2
every = (m("all") + m("all2")) / 2
def line(what, value, target, ok):
    print(f"  {what:<62} {value:>7.2f}x  (target {target}: {'met' if ok else 'MISSED'})")
print("ratios (plint means averaged over its two rounds):")
if puppet:
    line("issue 2: validate / plint syntax check", m("validate") / syntax, ">= 20x", m("validate") / syntax >= 20)
    line("issue 4: validate / plint all rules and inference", m("validate") / every, ">= 20x", m("validate") / every >= 20)
line("issue 3: plint P3+P4 rules / syntax check", checks / syntax, "<= 1.5x", checks / syntax <= 1.5)
if lint:
    line("issue 3: puppet-lint / plint P3+P4 rules", m("lint") / checks, ">= 100x", m("lint") / checks >= 100)
print("for reference, issue 3's targets applied to all default rules (with the inference):")
line("plint all rules / syntax check", every / syntax, "<= 1.5x", every / syntax <= 1.5)
if lint:
    line("puppet-lint / plint all rules", m("lint") / every, ">= 100x", m("lint") / every >= 100)
EOF

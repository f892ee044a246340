#!/usr/bin/env bash
# Validates SARIF files with Microsoft's SARIF multitool, with GitHub's and SARIF's rules
# (`validate --rule-kind "Gh;Sarif"`). Fails unless every file has zero errors and zero
# warnings (notes are counted, and listed with VERBOSE=1).
#
# Usage: scripts/validate-sarif.sh FILE.sarif...
#
# One warning is expected and not counted while plint does not know its repository's URL
# (no `repository` in Cargo.toml and no PLINT_REPOSITORY_URL at build time): SARIF2005, "the
# tool does not provide informationUri". plint then leaves the URL out rather than invent one.
#
# The first run installs @microsoft/sarif-multitool with npm into
# $PLINT_SARIF_TOOL_DIR (default: ~/.cache/plint/sarif-multitool). Needs node and npm.
# The platform binary is called directly: the package's `npx` wrapper runs it through a
# shell, which splits "Gh;Sarif" at the `;`.
set -euo pipefail

version=5.7.0
dir=${PLINT_SARIF_TOOL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/plint/sarif-multitool}

if [ $# -eq 0 ]; then
    echo "usage: $0 FILE.sarif..." >&2
    exit 2
fi

if ! (cd "$dir" 2>/dev/null && node -e "require('@microsoft/sarif-multitool')" 2>/dev/null); then
    echo "validate-sarif: installing @microsoft/sarif-multitool@$version into $dir" >&2
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
        "@microsoft/sarif-multitool@$version" >&2
fi
tool=$(cd "$dir" && node -p "require('@microsoft/sarif-multitool')")
# The package's postinstall (chmod u+x) may have been skipped.
[ -x "$tool" ] || chmod u+x "$tool"

# Whether plint was built knowing its repository's URL (see crates/plint-base/src/report/sarif.rs).
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${PLINT_REPOSITORY_URL:-}" ] || grep -Eq '^repository *= *"[^"]+"' "$here/Cargo.toml"; then
    export PLINT_URL_KNOWN=1
else
    export PLINT_URL_KNOWN=0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for file in "$@"; do
    log="$work/validation.sarif"
    rm -f "$log"
    if ! "$tool" validate --rule-kind "Gh;Sarif" --level "Error;Warning;Note" \
        --output "$log" "$file" >"$work/console.txt" 2>&1 || [ ! -s "$log" ]; then
        cat "$work/console.txt" >&2
        echo "validate-sarif: $file: the validator did not run" >&2
        status=1
        continue
    fi
    # Count findings by level (a result without a level is a warning), and tool failures.
    if ! node - "$log" "$file" <<'JS'
const [log, file] = process.argv.slice(2);
const run = JSON.parse(require('fs').readFileSync(log, 'utf8')).runs[0];
const counts = { error: 0, warning: 0, note: 0 };
let expected = 0;
for (const r of run.results || []) {
    // No informationUri: expected while plint does not know its repository's URL.
    if (r.ruleId === 'SARIF2005' && process.env.PLINT_URL_KNOWN === '0') {
        expected += 1;
        continue;
    }
    const level = r.level || 'warning';
    counts[level] = (counts[level] || 0) + 1;
}
const failures = (run.invocations || []).flatMap(i =>
    (i.toolExecutionNotifications || []).filter(n => n.level === 'error'));
for (const n of failures) console.error(`${file}: validator error: ${n.message && n.message.text}`);
const ok = (run.invocations || []).every(i => i.executionSuccessful !== false);
const also = expected ? ` (and SARIF2005, no informationUri: Cargo.toml names no repository)` : '';
console.error(`${file}: ${counts.error} errors, ${counts.warning} warnings, ${counts.note} notes${also}`);
process.exit(counts.error === 0 && counts.warning === 0 && failures.length === 0 && ok ? 0 : 1);
JS
    then
        grep -aE ': (error|warning) ' "$work/console.txt" >&2 || cat "$work/console.txt" >&2
        status=1
    elif [ -n "${VERBOSE:-}" ]; then
        grep -aE ': note ' "$work/console.txt" >&2 || true
    fi
done
exit $status

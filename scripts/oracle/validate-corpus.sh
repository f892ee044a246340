#!/usr/bin/env bash
# Runs Puppet's own validator (`puppet parser validate`, Puppet 7) over every .pp file of the
# module corpus and writes what it reports, as JSON, to the fixture that
# tests/validator_parity.rs compares plint's P3xx rules with:
#
#   scripts/oracle/validate-corpus.sh [--corpus-only | --cases-only]
#
# 1. tests/oracle/puppet-validate-corpus.json: a sorted list of
# {path, line, column, severity, message}, path relative to the corpus root, line and column
# null when Puppet gives none, and the corpus root removed from messages too. Findings without a file (e.g. Puppet's note that a `tag`
# parameter is a metaparameter) are left out. The corpus root is the modulepath, as it would
# be for an environment holding these modules; Puppet runs with its defaults for Puppet 7
# (`strict=warning`) and with no limit on the number of errors or warnings per file.
# 2. tests/oracle/puppet-validate-cases.json: the same for each `#### name` section of
# tests/oracle/validator-cases.pp, validated as a file of its own (one Puppet process per
# section, since definitions in one process clash): a sorted list of
# {case, line, column, severity, message}, the line counted from the section's first line
# (null for a message without a position, such as a lexer's failure).
# Environment: CORPUS (default /usr/share/puppet/modules), PUPPET (default puppet), JOBS
# (parallel Puppet processes for the cases, default: the number of CPUs).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/usr/share/puppet/modules}
corpus=${corpus%/}
mode=${1:-all}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v "${PUPPET:-puppet}" >/dev/null || { echo "puppet is not installed" >&2; exit 1; }
"${PUPPET:-puppet}" --version | grep -q '^7\.' ||
    echo "warning: this is not Puppet 7 ($("${PUPPET:-puppet}" --version))" >&2

validate_args=(--color=false --confdir "$work/conf" --vardir "$work/var" --codedir "$work/code"
    --strict=warning --max_errors 1000000 --max_warnings 1000000 --max_deprecations 1000000)

# Puppet's log lines `Error|Warning: [Could not parse ...: ]MESSAGE (file: F, line: L, column: C)`
# as JSON rows; ROOT is cut from paths and messages.
to_json() {
    ROOT="$1" ruby -rjson -e '
      root = ENV.fetch("ROOT")
      re = /\A(Error|Warning): (?:Could not parse for environment [^:]+: )?(.*) \(file: (.+?)(?:, line: (\d+))?(?:, column: (\d+))?\)\s*\z/
      rows = []
      STDIN.each_line do |l|
        m = re.match(l.chomp) or next
        path = m[3]
        next unless path.start_with?(root)
        rows << { "path" => path.delete_prefix(root), "line" => m[4]&.to_i, "column" => m[5]&.to_i,
                  "severity" => m[1].downcase, "message" => m[2].gsub(root, "") }
      end
      rows.uniq!
      rows.sort_by! { |r| [r["path"], r["line"] || 0, r["column"] || 0, r["severity"], r["message"]] }
      File.write(ARGV[0], JSON.pretty_generate(rows) + "\n")
      STDERR.puts "#{rows.size} findings in #{rows.map { |r| r["path"] }.uniq.size} files -> #{ARGV[0]}"
    ' "$2"
}

if [ "$mode" != --corpus-only ]; then
    mkdir -p "$work/cases"
    awk -v dir="$work/cases" '
        /^#### / { if (file) close(file); file = dir "/" substr($0, 6) ".pp"; printf "" > file; next }
        file { print >> file }
    ' "$root/tests/oracle/validator-cases.pp"
    echo "validating $(ls "$work/cases" | wc -l) cases one by one" >&2
    ls "$work/cases"/*.pp | xargs -d '\n' -P "${JOBS:-$(nproc)}" -I{} \
        sh -c '"$0" parser validate "$@" "{}" > "{}.log" 2>&1 || true' \
        "${PUPPET:-puppet}" "${validate_args[@]}"
    ruby -rjson -e '
      re = /\A(Error|Warning): (?:Could not parse for environment [^:]+: )?(.*?)(?: \(file: (.+?)(?:, line: (\d+))?(?:, column: (\d+))?\))?\s*\z/
      rows = []
      ARGV.drop(1).each do |log|
        name = File.basename(log, ".pp.log")
        File.foreach(log) do |l|
          m = re.match(l.chomp) or next
          next if m[2] =~ /\ALanguage validation logged|\ATry .puppet help/
          # Messages without a file (a lexer failure, a type redefined) belong to the case too.
          rows << { "case" => name, "line" => m[4]&.to_i, "column" => m[5]&.to_i,
                    "severity" => m[1].downcase, "message" => m[2].gsub(File.dirname(log) + "/", "") }
        end
      end
      rows.uniq!
      rows.sort_by! { |r| [r["case"], r["line"] || 0, r["column"] || 0, r["severity"], r["message"]] }
      File.write(ARGV[0], JSON.pretty_generate(rows) + "\n")
      STDERR.puts "#{rows.size} findings in #{rows.map { |r| r["case"] }.uniq.size} cases -> #{ARGV[0]}"
    ' "$root/tests/oracle/puppet-validate-cases.json" "$work/cases"/*.log
fi
[ "$mode" != --cases-only ] || exit 0

find -L "$corpus" -name '*.pp' -type f | sort > "$work/files"
echo "validating $(wc -l < "$work/files") files under $corpus" >&2

# One process per 500 files; the validator reports every file, whatever failed before.
status=0
xargs -d '\n' -n 500 -a "$work/files" \
    "${PUPPET:-puppet}" parser validate "${validate_args[@]}" --modulepath "$corpus" \
    > "$work/log" 2>&1 || status=$?
# xargs exits 123 when a validation failed: that is expected.
[ "$status" -eq 0 ] || [ "$status" -eq 123 ] || { cat "$work/log" >&2; exit "$status"; }

to_json "$corpus/" "$root/tests/oracle/puppet-validate-corpus.json" < "$work/log"

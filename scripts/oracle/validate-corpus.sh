#!/usr/bin/env bash
# Runs Puppet's own validator (`puppet parser validate`, Puppet 7) over every .pp file of the
# module corpus and writes what it reports, as JSON, to the fixture that
# tests/validator_parity.rs compares plint's P3xx rules with:
#
#   scripts/oracle/validate-corpus.sh [OUT]
#
# OUT defaults to tests/oracle/puppet-validate-corpus.json: a sorted list of
# {path, line, column, severity, message}, path relative to the corpus root, line and column
# null when Puppet gives none, and the corpus root removed from messages too. Findings without a file (e.g. Puppet's note that a `tag`
# parameter is a metaparameter) are left out. The corpus root is the modulepath, as it would
# be for an environment holding these modules; Puppet runs with its defaults for Puppet 7
# (`strict=warning`) and with no limit on the number of errors or warnings per file.
# Environment: CORPUS (default /usr/share/puppet/modules), PUPPET (default puppet).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/usr/share/puppet/modules}
corpus=${corpus%/}
out=${1:-$root/tests/oracle/puppet-validate-corpus.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v "${PUPPET:-puppet}" >/dev/null || { echo "puppet is not installed" >&2; exit 1; }
"${PUPPET:-puppet}" --version | grep -q '^7\.' ||
    echo "warning: this is not Puppet 7 ($("${PUPPET:-puppet}" --version))" >&2

find -L "$corpus" -name '*.pp' -type f | sort > "$work/files"
echo "validating $(wc -l < "$work/files") files under $corpus" >&2

# One process per 500 files; the validator reports every file, whatever failed before.
status=0
xargs -d '\n' -n 500 -a "$work/files" \
    "${PUPPET:-puppet}" parser validate --color=false \
    --confdir "$work/conf" --vardir "$work/var" --codedir "$work/code" \
    --modulepath "$corpus" --strict=warning \
    --max_errors 1000000 --max_warnings 1000000 --max_deprecations 1000000 \
    > "$work/log" 2>&1 || status=$?
# xargs exits 123 when a validation failed: that is expected.
[ "$status" -eq 0 ] || [ "$status" -eq 123 ] || { cat "$work/log" >&2; exit "$status"; }

CORPUS="$corpus" ruby -rjson -e '
  corpus = ENV.fetch("CORPUS") + "/"
  re = /\A(Error|Warning): (?:Could not parse for environment [^:]+: )?(.*) \(file: (.+?)(?:, line: (\d+))?(?:, column: (\d+))?\)\s*\z/
  rows = []
  STDIN.each_line do |l|
    m = re.match(l.chomp) or next
    path = m[3]
    next unless path.start_with?(corpus)
    rows << { "path" => path.delete_prefix(corpus), "line" => m[4]&.to_i, "column" => m[5]&.to_i,
              "severity" => m[1].downcase, "message" => m[2].gsub(corpus, "") }
  end
  rows.uniq!
  rows.sort_by! { |r| [r["path"], r["line"] || 0, r["column"] || 0, r["severity"], r["message"]] }
  out = JSON.pretty_generate(rows) + "\n"
  File.write(ARGV[0], out)
  STDERR.puts "#{rows.size} findings in #{rows.map { |r| r["path"] }.uniq.size} files -> #{ARGV[0]}"
' "$out" < "$work/log"

#!/usr/bin/env bash
# Records what Puppet 7's `puppet lookup` answers for each query of tests/hiera/CASE/queries.txt
# (one query a line: KEY [puppet lookup options such as --merge deep]) into
# tests/hiera/CASE/expected.json, so that tests/hiera.rs needs no Ruby.
#
# Each case has environments/production (hiera.yaml, data/, modules/), facts.yaml, and
# optionally global/hiera.yaml (given as --hiera_config). The node is node1.example.com.
#
# Usage: scripts/oracle/hiera-oracle.sh [CASE...]      (default: every case)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for d in "$root"/tests/hiera/*/; do cases+=("$(basename "$d")"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for case in "${cases[@]}"; do
  dir="$root/tests/hiera/$case"
  global="$dir/global/hiera.yaml"
  [ -f "$global" ] || global="$work/no-global/hiera.yaml"
  out="$dir/expected.json"
  tmp="$work/$case"
  mkdir -p "$tmp"
  n=0
  while IFS= read -r query || [ -n "$query" ]; do
    [ -z "$query" ] && continue
    n=$((n + 1))
    args=(--confdir "$work/conf" --vardir "$work/var" --codedir "$work/code"
      --environmentpath "$dir/environments" --environment production
      --basemodulepath "$work/none" --hiera_config "$global"
      --facts "$dir/facts.yaml" --node node1.example.com)
    set +e
    # shellcheck disable=SC2086
    puppet lookup "${args[@]}" --render-as json $query >"$tmp/$n.out" 2>"$tmp/$n.err"
    rc=$?
    echo $rc >"$tmp/$n.rc"
    if [ $rc -ne 0 ]; then
      # puppet lookup keeps a lookup error to itself; --explain ends with its message.
      # shellcheck disable=SC2086
      puppet lookup "${args[@]}" --explain $query >"$tmp/$n.err" 2>&1
    fi
    set -e
    printf '%s\n' "$query" >"$tmp/$n.query"
  done <"$dir/queries.txt"
  ruby -rjson -e '
    dir, n = ARGV[0], ARGV[1].to_i
    res = {}
    (1..n).each do |i|
      q = File.read("#{dir}/#{i}.query").chomp
      out = File.read("#{dir}/#{i}.out")
      # The message follows the (indented) explanation tree; colour codes are dropped.
      lines = File.read("#{dir}/#{i}.err").gsub(/\e\[[0-9;]*m/, "").lines
      first = lines.index { |l| l !~ /\A(\s|Searching for )/ } || lines.size
      err = lines[first..].join.strip
      rc = File.read("#{dir}/#{i}.rc").to_i
      res[q] =
        if rc == 0 && !out.strip.empty?
          { "value" => JSON.parse(out, quirks_mode: true) }
        elsif rc == 0 || err =~ /\AFunction lookup\(\) did not find a value/
          { "not_found" => true }
        else
          { "error" => err.strip.sub(/\AError: (Could not run: )?/, "") }
        end
    end
    # Paths inside the case are written relative to it, as <CASE>/...
    File.write(ARGV[2], JSON.pretty_generate(res).gsub(ARGV[3], "<CASE>") + "\n")
  ' "$tmp" "$n" "$out" "$dir"
  echo "$case: $n queries -> $out"
done

#!/usr/bin/env ruby
# Compares the catalogs real Puppet compiled for some nodes at two revisions and prints what
# changed, as `plint diff --format json` reports it (docs/diff-report.md): classes added and
# removed; resources added and removed (classes are the class list, not resources), matched by
# type and title, with their parameters; parameters set, changed or unset (a class's included);
# the relationship metaparameters as sets of references. Tags are left out (as `plint diff`
# leaves them out by default), and so are the places of declarations (Puppet's catalogs hold
# none). Only what the test needs: no `at`, no `unknown`; and a value (a parameter's `from` or
# `to`, each parameter of a resource added or removed) whose canonical JSON (keys sorted,
# numbers as floats) is longer than 64 bytes is written as its digest, `{"sha256": HEX,
# "bytes": N}`, which the test computes from plint's value the same way: the fixtures hold no
# text of the data set's modules (its README asks that none be copied).
#
# usage: realworld-diff-oracle.rb CHANGE FROM_REV TO_REV FROM_DIR TO_DIR NODE...
#   FROM_DIR/NODE.json and TO_DIR/NODE.json are compile.rb's catalogs of NODE at each revision.
require 'json'
require 'set'
require 'digest'

RELATIONSHIPS = %w[before require notify subscribe].freeze
REDACTED = 'Sensitive [value redacted]'.freeze

change, from_rev, to_rev, from_dir, to_dir, *nodes = ARGV
abort 'usage: realworld-diff-oracle.rb CHANGE FROM_REV TO_REV FROM_DIR TO_DIR NODE...' if nodes.empty?

LONGEST = 64

# The value as compared: keys sorted, numbers as floats (as tests/common/realworld.rs's `norm`).
def canonical(value)
  case value
  when Hash then value.keys.sort.to_h { |k| [k, canonical(value[k])] }
  when Array then value.map { |v| canonical(v) }
  when Integer then value.to_f
  else value
  end
end

# A value as the fixture holds it: itself, or the digest of a long one.
def shown(value)
  value = REDACTED if value.is_a?(Hash) && value['__ptype'] == 'Sensitive'
  text = JSON.generate(canonical(value))
  text.bytesize > LONGEST ? { 'sha256' => Digest::SHA256.hexdigest(text), 'bytes' => text.bytesize } : value
end

def resources(catalog)
  catalog['resources'].to_h { |r| ["#{r['type']}[#{r['title']}]", r] }
end

def references(value)
  Array(value).flatten.compact.map(&:to_s).to_set
end

# The changes of one resource present at both revisions.
def resource_changes(ref, from, to)
  a = from['parameters'] || {}
  b = to['parameters'] || {}
  (a.keys | b.keys).sort.reject { |p| p == 'tag' }.flat_map do |p|
    x, y = a[p], b[p]
    if RELATIONSHIPS.include?(p)
      rx, ry = references(x), references(y)
      (ry - rx).sort.map { |t| { 'kind' => 'relationship-added', 'resource' => ref, 'relationship' => p, 'target' => t } } +
        (rx - ry).sort.map { |t| { 'kind' => 'relationship-removed', 'resource' => ref, 'relationship' => p, 'target' => t } }
    elsif x != y
      c = { 'kind' => 'parameter-changed', 'resource' => ref, 'parameter' => p }
      c['from'] = shown(x) unless x.nil?
      c['to'] = shown(y) unless y.nil?
      [c]
    else
      []
    end
  end
end

def changes(from, to)
  out = (to['classes'] - from['classes']).sort.map { |c| { 'kind' => 'class-added', 'class' => c } }
  out += (from['classes'] - to['classes']).sort.map { |c| { 'kind' => 'class-removed', 'class' => c } }
  old, new = resources(from), resources(to)
  (old.keys | new.keys).sort.each do |ref|
    a, b = old[ref], new[ref]
    if a && b
      out.concat(resource_changes(ref, a, b))
    elsif b && b['type'] != 'Class'
      out << { 'kind' => 'resource-added', 'resource' => ref,
               'parameters' => (b['parameters'] || {}).transform_values { |v| shown(v) } }
    elsif a && a['type'] != 'Class'
      out << { 'kind' => 'resource-removed', 'resource' => ref,
               'parameters' => (a['parameters'] || {}).transform_values { |v| shown(v) } }
    end
  end
  out
end

report = {
  'change' => change,
  'from' => from_rev,
  'to' => to_rev,
  'puppet' => `puppet --version`.strip,
  'nodes' => nodes.sort.map do |node|
    from = JSON.parse(File.read(File.join(from_dir, "#{node}.json")))
    to = JSON.parse(File.read(File.join(to_dir, "#{node}.json")))
    { 'node' => node, 'changes' => changes(from, to) }
  end,
}
puts JSON.pretty_generate(report)

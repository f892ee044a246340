#!/usr/bin/env ruby
# Generates the expected values of tests/yaml/*.yaml as Ruby's Psych loads them with the
# settings Puppet and Hiera use (safe_load, aliases allowed, Symbol permitted).
#
# Usage: ruby scripts/oracle/yaml-oracle.rb   (writes tests/yaml/NAME.expected.json)
#
# The output is tagged JSON so that types survive: {"s": "text"}, {"i": "12"}, {"f": "1.5"}
# (Ruby's Float#to_s), {"b": true}, {"n": null}, {"a": [...]}, {"h": [[key, value], ...]},
# and {"error": message, "line": n} when loading fails.
require 'yaml'
require 'json'

def tag(v)
  case v
  when nil then { 'n' => nil }
  when true, false then { 'b' => v }
  when Integer then { 'i' => v.to_s }
  when Float then { 'f' => v.to_s }
  when Symbol then { 's' => v.to_s }
  when String then { 's' => v }
  when Array then { 'a' => v.map { |e| tag(e) } }
  when Hash then { 'h' => v.map { |k, e| [tag(k), tag(e)] } }
  else { 'other' => v.class.name }
  end
end

dir = File.expand_path('../../tests/yaml', __dir__)
Dir.glob(File.join(dir, '*.yaml')).sort.each do |path|
  text = File.read(path, encoding: 'bom|utf-8')
  out =
    begin
      tag(YAML.safe_load(text, permitted_classes: [Symbol], aliases: true))
    rescue Psych::SyntaxError => e
      { 'error' => e.problem.to_s, 'line' => e.line }
    rescue StandardError, Psych::Exception => e
      { 'error' => e.message, 'line' => 0 }
    end
  File.write(path.sub(/\.yaml\z/, '.expected.json'), JSON.pretty_generate(out) + "\n")
end

#!/usr/bin/env ruby
# frozen_string_literal: true

# Writes the expected output of every case of plint's Ruby conformance suite with the installed
# Ruby: for tests/ruby/cases/NAME.rb, "=> " and the inspect of the snippet's value; for NAME.erb,
# the template rendered as Puppet does (ERB, trim mode '-'); an exception is "!! Class: message".
# Bindings come from NAME.json (Puppet variables: @name, scope['name'], scope.lookupvar).
# The outputs (NAME.out) are committed; the Rust tests (tests/ruby_conformance.rs) need no Ruby.
# Usage: ruby scripts/gen-ruby-oracle.rb [cases-dir]

require 'erb'
require 'json'
require 'set'
require 'shellwords'
require 'base64'
require 'digest'
require 'yaml'

dir = ARGV[0] || File.expand_path('../tests/ruby/cases', __dir__)

# Puppet's scope as a template sees it, over a table of variables.
class OracleScope
  def initialize(vars)
    @vars = vars
  end

  def [](name)
    @vars[name.sub(/\A::/, '')]
  end

  def lookupvar(name)
    self[name]
  end

  def include?(name)
    !self[name].nil?
  end

  def exist?(name)
    @vars.key?(name.sub(/\A::/, ''))
  end

  def to_hash
    @vars.reject { |_, v| v.nil? }
  end
end

# The template's self, as Puppet's template wrapper binds it.
class OracleWrapper
  def initialize(vars)
    @__scope__ = OracleScope.new(vars)
    vars.each { |k, v| instance_variable_set("@#{k.gsub(/[^\w]/, '_')}", v) unless v.nil? }
  end

  def scope
    @__scope__
  end

  def has_variable?(name)
    scope.include?(name.to_s)
  end

  def render(src)
    ERB.new(src, trim_mode: '-').result(binding)
  end

  def run(src, path)
    instance_eval(src, path, 1)
  end
end

def message_of(e)
  e.respond_to?(:original_message) ? e.original_message : e.message
end

Dir[File.join(dir, '*.{rb,erb}')].sort.each do |f|
  base = f.sub(/\.(rb|erb)\z/, '')
  vars = File.exist?("#{base}.json") ? JSON.parse(File.read("#{base}.json")) : {}
  # Cases named fs_* read the fixture tree beside the cases, named by the variable `tree`.
  vars['tree'] = File.expand_path('../tree', dir) if File.basename(f).start_with?('fs_')
  src = File.read(f)
  w = OracleWrapper.new(vars)
  out = begin
    if f.end_with?('.erb')
      w.render(src)
    else
      "=> #{w.run(src, f).inspect}\n"
    end
  rescue Exception => e # rubocop:disable Lint/RescueException
    "!! #{e.class}: #{message_of(e)}\n"
  end
  File.write("#{base}.out", out)
end

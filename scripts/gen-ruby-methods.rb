#!/usr/bin/env ruby
# frozen_string_literal: true

# Writes crates/plint-ruby/src/ruby/interp/known_methods.rs: the public methods each core class has in Puppet's
# Ruby (with Puppet, json, set and yaml loaded), so plint's interpreter can tell a method Ruby
# lacks (NoMethodError, as Ruby would raise) from one plint does not implement (unknown); and
# the methods of the classes themselves that the interpreter's class method tables name (a
# test checks the tables' names against them).
# Usage: ruby scripts/gen-ruby-methods.rb

require 'puppet'
require 'json'
require 'set'
require 'yaml'
# The pure libraries a template or function may require (their methods exist once loaded).
%w[erb ipaddr shellwords digest base64 date time uri resolv English pp strscan stringio securerandom].each { |l| require l }

classes = {
  'NIL' => nil, 'TRUE' => true, 'FALSE' => false, 'STRING' => +'', 'INTEGER' => 1, 'FLOAT' => 1.0,
  'SYMBOL' => :s, 'ARRAY' => [], 'HASH' => {}, 'RANGE' => (1..2)
}
out = +"//! The public methods of Ruby's core classes in Puppet's Ruby, written by\n"
out << "//! `scripts/gen-ruby-methods.rb` (do not edit): a name not listed is Ruby's NoMethodError.\n\n"
classes.each do |name, obj|
  list = obj.public_methods.map(&:to_s).sort.uniq
  out << "/// The public methods of #{obj.class}.\n"
  out << "pub(crate) const #{name}: &[&str] = &[\n"
  list.each { |m| out << "    #{m.dump},\n" }
  out << "];\n\n"
end
# The methods of the classes themselves (`String.new`, `JSON.generate`) that the interpreter's
# class method tables name: those every class and module has, then each class's own (only the
# test of the tables reads them).
every = Module.new.public_methods.map(&:to_s).sort.uniq
out << "/// The public methods every class and module has (those of `Module.new`).\n"
out << "#[cfg(test)]\npub(crate) const MODULE: &[&str] = &[\n"
every.each { |m| out << "    #{m.dump},\n" }
out << "];\n\n"
class_names = %w[
  String Array Hash Set Regexp Integer Math JSON PSON Shellwords Base64 Digest::MD5 Digest::SHA1
  Digest::SHA256 Digest::SHA2 File IPAddr ERB::Util YAML Psych
]
out << "/// The public methods of each class (or module) itself, those of `MODULE` aside.\n"
out << "#[cfg(test)]\npub(crate) const CLASS_METHODS: &[(&str, &[&str])] = &[\n"
class_names.each do |name|
  list = Object.const_get(name).public_methods.map(&:to_s).sort.uniq - every
  out << "    (\n        #{name.dump},\n        &[\n"
  list.each { |m| out << "            #{m.dump},\n" }
  out << "        ],\n    ),\n"
end
out << "];\n\n"
path = File.expand_path('../crates/plint-ruby/src/ruby/interp/known_methods.rs', __dir__)
File.write(path, out.chomp + "\n")
# rustfmt's layout (it packs the short names of a nested list into lines), so `cargo fmt` keeps it.
system('rustfmt', '--edition', '2024', path) or abort('rustfmt failed')

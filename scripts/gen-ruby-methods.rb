#!/usr/bin/env ruby
# frozen_string_literal: true

# Writes crates/plint-ruby/src/ruby/interp/known_methods.rs: the public methods each core class has in Puppet's
# Ruby (with Puppet, json, set and yaml loaded), so plint's interpreter can tell a method Ruby
# lacks (NoMethodError, as Ruby would raise) from one plint does not implement (unknown).
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
File.write(File.expand_path('../crates/plint-ruby/src/ruby/interp/known_methods.rs', __dir__), out.chomp + "\n")

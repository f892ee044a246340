#!/usr/bin/env ruby
# Checks the value types of rules/types/*.toml against Puppet itself.
#
# For every core type and attribute, a set of sample values (booleans, numbers, strings of
# several shapes, arrays, hashes, and every quoted word of the attribute's type) is given to
# Puppet's own resource type (Puppet::Resource#to_ral, what the agent does with a catalog), and
# to Puppet's type system with the type string of rules/types (parsed by Puppet's TypeParser).
# A value Puppet accepts but the data rejects would be a false positive: the script lists them
# and exits 1. A value the data accepts but Puppet rejects is only counted (the data may be
# looser than Puppet, never stricter).
#
# With --write it also writes tests/data/type_value_cases.txt: every sample with Puppet's
# verdict, for tests that check plint's own type system against the data.
#
# Run from the repository root:  ruby scripts/builtins/check_types.rb [--write] [--verbose] [type.attribute]
require 'puppet'
require 'tmpdir'
require 'json'

tmp = Dir.mktmpdir('plint-check')
Puppet.initialize_settings(['--confdir', "#{tmp}/conf", '--vardir', "#{tmp}/var", '--codedir', "#{tmp}/code"])
Puppet[:strict] = :off

# The attributes of rules/types/*.toml: [type, attribute, kind, type string]. The files are read
# with a pattern for the one-line shape they are written in.
def read_data
  rows = []
  Dir.glob('rules/types/*.toml').sort.each do |path|
    current = nil
    File.readlines(path).each do |line|
      line = line.strip
      next if line.empty? || line.start_with?('#')
      if (m = line.match(/\A\[(\w+)\]\z/))
        current = m[1]
        next
      end
      m = line.match(/\A(\w+) = \{ (param|property|metaparam) = (?:"(.*?)"|'''(.*?)''')(, namevar = true)? \}\z/)
      raise "#{path}: cannot read `#{line}`" unless m && current
      rows << [current, m[1], m[2], m[3] || m[4]]
    end
  end
  rows
end

# A title Puppet accepts for each type, so that only the attribute's value decides.
TITLES = {
  'file' => '/tmp/plint-check', 'tidy' => '/tmp/plint-check', 'exec' => '/bin/true',
  'resources' => 'host', 'filebucket' => 'plint', 'package' => 'plint-check',
}.freeze

# (An empty Hash is left out: no real manifest gives one, and Puppet's checks often let it through.)
BASE_VALUES = [
  true, false, 'true', 'false', 'yes', 'no', 0, 1, -1, 2, 420, 1.5, '', 'abc', 'Abc', 'a b',
  'a,b', '0', '12', '0644', '-1', '/abs/path', 'rel/path', 'C:/win', 'u=rw,go=r', '1w', '10k',
  'FOO=bar', '2030-01-01', 'File[/tmp]', [], ['a'], ['a', 'b'], [1], { 'a' => 'b' },
].map(&:freeze).freeze

def quoted_words(type_string)
  type_string.scan(/'([^']*)'/).flatten.uniq
end

# :accepted, :rejected, or :ignored when this machine's provider lacks a feature the attribute
# requires (Puppet then drops the attribute without looking at its value).
def puppet_verdict(type, attr, value)
  title = TITLES.fetch(type, 'plint-check')
  params = { attr.to_sym => nil }
  # An attribute that needs a provider feature is checked with a provider that has it (any
  # provider of the type, suitable for this machine or not: values are checked all the same).
  rtype = Puppet::Type.type(type.to_sym)
  klass = rtype.attrclass(attr.to_sym)
  features = klass && klass.respond_to?(:required_features) ? Array(klass.required_features) : []
  unless features.empty?
    provider = rtype.providers.sort.find { |p| rtype.provider(p).satisfies?(features) }
    params[:provider] = provider if provider
  end
  # A copy: some munge methods change the value they are given (exec's timeout shifts an Array).
  value = Marshal.load(Marshal.dump(value))
  params[attr.to_sym] = value
  resource = Puppet::Resource.new(type, title, parameters: params).to_ral
  resource.parameter(attr.to_sym) || resource.class.metaparam?(attr.to_sym) ? :accepted : :ignored
rescue StandardError, Puppet::Error
  :rejected
end

def accepted_by_data(ptype, kind, value)
  return true if ptype.instance?(value)
  # A property validates each element of an Array on its own.
  kind == 'property' && value.is_a?(Array) && value.all? { |v| ptype.instance?(v) }
end

write = ARGV.include?('--write')
parser = Puppet::Pops::Types::TypeParser.singleton
rows = read_data
only = ARGV.find { |a| !a.start_with?('--') }
rows = rows.select { |r| "#{r[0]}.#{r[1]}" == only } if only
stricter = []
looser = 0
cases = []
rows.each do |type, attr, kind, type_string|
  ptype = parser.parse(type_string)
  # Metaparameters are checked on a `notify`, which accepts them all.
  on_type = kind == 'metaparam' ? 'notify' : type
  next if on_type == 'component' || on_type == 'whit'
  values = BASE_VALUES + quoted_words(type_string)
  values.uniq.each do |value|
    verdict = puppet_verdict(on_type, attr, value)
    next if verdict == :ignored
    puppet = verdict == :accepted
    data = accepted_by_data(ptype, kind, value)
    cases << [type, attr, value, puppet]
    if puppet && !data
      stricter << "#{type} #{attr} => #{value.inspect}: Puppet accepts it, `#{type_string}` does not"
    elsif data && !puppet
      looser += 1
      puts "  looser: #{type} #{attr} => #{value.inspect}" if ARGV.include?('--verbose')
    end
  end
end

if write
  out = +"# Sample values of core type attributes and whether Puppet #{Puppet.version} accepts them\n"
  out << "# (Puppet::Resource#to_ral, as the agent applies a catalog): type attribute accepted|rejected value.\n"
  out << "# The value is JSON. Generated by scripts/builtins/check_types.rb --write.\n"
  cases.each do |type, attr, value, ok|
    out << "#{type} #{attr} #{ok ? 'accepted' : 'rejected'} #{JSON.generate(value)}\n"
  end
  File.write('tests/data/type_value_cases.txt', out)
end
puts "#{cases.size} cases; the data is looser than Puppet in #{looser}, stricter in #{stricter.size}"
stricter.each { |s| puts "  #{s}" }
exit(stricter.empty? ? 0 : 1)

#!/usr/bin/env ruby
# Writes rules/functions/*.toml and tests/data/puppet_functions.txt from the installed Puppet.
#
# Every function Puppet's system loader knows (4.x functions in lib/puppet/functions, 3.x
# functions in lib/puppet/parser/functions that have no 4.x version) is loaded through Puppet's
# own loaders, and its dispatches are read from the dispatcher: parameter names, types
# (Tuple[types..., min, max] + "last captures rest"), block type, return type. Only facts are
# taken (names and types); no documentation text.
#
# Run from the repository root:  ruby scripts/builtins/gen_functions.rb
# Then review `git diff rules/functions tests/data`.
require 'puppet'
require 'tmpdir'
require 'fileutils'

tmp = Dir.mktmpdir('plint-gen')
Puppet.initialize_settings(['--confdir', "#{tmp}/conf", '--vardir', "#{tmp}/var", '--codedir', "#{tmp}/code"])

# The scanf function requires the `scanf` gem when it is loaded (it is used only when called); an
# empty stand-in lets Puppet load the function and read its dispatch without the gem.
# eyaml_lookup_key likewise needs hiera-eyaml: the feature is said present and its files are
# empty stand-ins.
File.write(File.join(tmp, 'scanf.rb'), '')
FileUtils.mkdir_p(File.join(tmp, 'hiera/backend/eyaml/parser'))
%w[encryptor utils options parser/parser].each do |f|
  File.write(File.join(tmp, "hiera/backend/eyaml/#{f}.rb"), '')
end
$LOAD_PATH.push(tmp)

PUPPET_LIB = File.dirname($LOADED_FEATURES.find { |f| f.end_with?('/puppet/version.rb') })

# Which file each function goes to (a function not listed here makes the script fail).
CATEGORIES = {
  'iteration' => %w[all any break each filter group_by index lest map next partition reduce return
                    reverse_each slice step then tree_each with],
  'strings' => %w[camelcase capitalize chomp chop downcase join lstrip match regsubst rstrip scanf
                  shellquote split sprintf strip upcase],
  'collections' => %w[dig empty flatten get keys length size sort unique values],
  'math' => %w[abs ceiling floor max min round],
  'logging' => %w[alert crit debug emerg err fail info notice warning],
  'catalog' => %w[contain create_resources defined include realize require tag tagged],
  'data' => %w[eyaml_lookup_key hiera hiera_array hiera_hash hiera_include hocon_data json_data
               lookup yaml_data],
  'types' => %w[annotate assert_type convert_to new type unwrap],
  'files' => %w[binary_file epp file find_file find_template generate inline_epp inline_template
                module_directory template],
  'misc' => %w[call compare digest fqdn_rand getvar import md5 sha1 sha256 strftime versioncmp],
}.freeze

# 3.x functions declare no types; Puppet checks only their arity. What they return is a fact of
# their implementation (read from lib/puppet/parser/functions/*.rb).
RETURNS_3X = {
  'digest' => 'String', 'md5' => 'String', 'sha1' => 'String', 'sha256' => 'String',
  'file' => 'String', 'fqdn_rand' => 'Integer', 'generate' => 'String',
  'inline_template' => 'String', 'template' => 'String', 'shellquote' => 'String',
  'sprintf' => 'String', 'tagged' => 'Boolean', 'realize' => 'Undef', 'tag' => 'Undef',
  'fail' => 'Undef', 'create_resources' => 'Undef',
}.freeze

# Most 4.x functions declare no return type. What they return, read from their implementation
# (lib/puppet/functions/*.rb), one type for every dispatch or one per dispatch in order; it is
# written with a `# from the implementation` comment to tell it from a declared `return_type`.
# Functions not listed (or nil) return Any.
RETURNS_4X = {
  'abs' => 'Numeric', 'all' => 'Boolean', 'any' => 'Boolean', 'binary_file' => 'Binary',
  'camelcase' => %w[Numeric String Array], 'capitalize' => %w[Numeric String Array],
  'chomp' => %w[Numeric String Array], 'chop' => %w[Numeric String Array],
  'lstrip' => %w[Numeric String Array], 'rstrip' => %w[Numeric String Array],
  'strip' => %w[Numeric String Array],
  'downcase' => %w[Numeric String Array Hash], 'upcase' => %w[Numeric String Array Hash],
  'ceiling' => 'Integer', 'floor' => 'Integer', 'round' => 'Integer', 'compare' => 'Integer',
  'versioncmp' => 'Integer', 'length' => 'Integer', 'size' => 'Integer',
  'contain' => 'Array[Type[Class]]', 'include' => 'Array[Type[Class]]',
  'require' => 'Array[Type[Class]]',
  'defined' => 'Boolean', 'empty' => 'Boolean',
  'each' => %w[Hash Hash Iterable Iterable],
  # filter_Enumerable_2 gives a Hash for a hash-style iterable, filter_Enumerable_1 an Array.
  'filter' => ['Hash', 'Hash', 'Variant[Array, Hash]', 'Array'],
  # on_numeric, on_string, on_single_numeric_array, on_single_string_array; the rest any value.
  'max' => ['Numeric', 'String', 'Numeric', 'String', nil, nil, nil],
  'min' => ['Numeric', 'String', 'Numeric', 'String', nil, nil, nil],
  'map' => 'Array', 'flatten' => 'Array', 'keys' => 'Array', 'values' => 'Array',
  'find_file' => 'Optional[String]', 'find_template' => 'Optional[String]',
  'module_directory' => 'Optional[String]',
  'join' => 'String', 'strftime' => 'String',
  'split' => 'Array[String]',
  'match' => ['Optional[Array[Optional[String]]]', 'Array[Optional[Array[Optional[String]]]]'],
  'regsubst' => 'Variant[String, Array[String]]',
  'reverse_each' => %w[Iterator Undef], 'step' => %w[Iterator Undef],
  'tree_each' => ['Variant[Iterator, Array, Hash, Object]', 'Variant[Iterator, Array, Hash, Object]', 'Iterator'],
  'sort' => %w[String Array],
  'unique' => %w[String Hash Array Array],
  'type' => 'Type',
}.freeze

# Prints types as Puppet does, but with a function's local type aliases replaced by what they
# stand for (they are not visible outside the function). Built-in aliases (Data, RichData, ...)
# keep their names.
class Formatter < Puppet::Pops::Types::TypeFormatter
  def string_PTypeAliasType(t)
    @open_aliases ||= []
    if Puppet::Pops::Loader::StaticLoader::BUILTIN_ALIASES.include?(t.name)
      @bld << t.name
    elsif @open_aliases.include?(t.name)
      # A recursive local alias (StringData in downcase/upcase) cannot be written without its
      # name: the inner occurrence becomes Any, which accepts more, never less.
      warn "note: recursive local type alias #{t.name} written as Any where it recurs"
      @bld << 'Any'
    else
      @open_aliases.push(t.name)
      append_string(t.resolved_type)
      @open_aliases.pop
    end
  end
end

def fmt(t)
  Formatter.new.string(t)
end

def names_of(dir, glob)
  Dir.glob(File.join(dir, glob)).map { |f| File.basename(f, '.rb') }.sort
end

four = names_of(File.join(PUPPET_LIB, 'functions'), '*.rb')
three = names_of(File.join(PUPPET_LIB, 'parser', 'functions'), '*.rb')
all_names = (four + three).uniq.sort

categorized = CATEGORIES.values.flatten
missing = all_names - categorized
raise "functions without a category: #{missing.join(', ')}" unless missing.empty?
extra = categorized - all_names
raise "categorized but not in Puppet: #{extra.join(', ')}" unless extra.empty?

def quote(s)
  # TOML basic string
  '"' + s.gsub('\\') { '\\\\' }.gsub('"', '\\"') + '"'
end

def dispatches(name, fn, legacy)
  out = []
  fn.class.dispatcher.dispatchers.each do |d|
    # Dispatches with an argument-mismatch handler exist only to raise a better error message:
    # a call that matches one of them is an error, so they are not signatures.
    next if d.argument_mismatch_handler?
    ct = d.type
    tuple = ct.param_types
    types = tuple.types
    size = tuple.size_type
    min = size ? size.from : types.size
    max = size ? size.to : types.size
    captures = d.last_captures_rest?
    pnames = d.param_names.map(&:to_s)
    if captures && min > types.size
      # A 3.x function with arity -3 is Tuple[Any, 2]: its one repeated type needs 2 values.
      # Written as that many parameters, the last one required-repeated.
      types = types + [types.last] * (min - types.size)
    end
    raise "#{name}: more names than types" if pnames.size < types.size
    params = types.each_with_index.map do |t, i|
      kind =
        if captures && i == types.size - 1
          raise "#{name}: repeated param with min #{min} > #{types.size}" if min > types.size
          min == types.size ? '+' : '*'
        elsif i < min
          ''
        else
          '?'
        end
      if !captures && max && max != types.size && !(max.nil? || max == Float::INFINITY)
        raise "#{name}: unexpected max #{max} for #{types.size} types"
      end
      "#{fmt(t)} #{pnames[i] || "p#{i}"}#{kind}"
    end
    if captures && !(max.nil? || max == Float::INFINITY)
      raise "#{name}: repeated param with bounded max"
    end
    sig = { 'params' => params }
    bt = ct.block_type
    if bt
      bname = (d.block_name || 'block').to_s
      if bt.is_a?(Puppet::Pops::Types::POptionalType)
        sig['block'] = "#{fmt(bt.optional_type)} #{bname}?"
      else
        sig['block'] = "#{fmt(bt)} #{bname}"
      end
    end
    rt = ct.return_type
    if rt
      sig['returns'] = fmt(rt)
    elsif legacy && RETURNS_3X[name]
      sig['returns'] = RETURNS_3X[name]
      sig['returns_read'] = true
    elsif (known = RETURNS_4X[name])
      if known.is_a?(Array)
        raise "#{name}: #{known.size} return types for more dispatches" if out.size >= known.size
        known = known[out.size]
      end
      if known
        sig['returns'] = known
        sig['returns_read'] = true
      end
    end
    out << sig
  end
  known = RETURNS_4X[name]
  if known.is_a?(Array) && known.size != out.size
    raise "#{name}: #{known.size} return types for #{out.size} dispatches"
  end
  out
end

Puppet.features.define_singleton_method(:hiera_eyaml?) { true }
env = Puppet::Node::Environment.create(:plint_gen, [])
loaders = Puppet::Pops::Loaders.new(env)
texts = {}
counts = {}
Puppet.override(loaders: loaders, current_environment: env) do
  loader = loaders.private_environment_loader
  CATEGORIES.each do |file, names|
    buf = +"# Puppet #{Puppet.version} built-in functions: #{file}.\n"
    buf << "# Generated by scripts/builtins/gen_functions.rb from the installed Puppet; do not edit.\n"
    buf << "# A parameter is \"Type name\", with a suffix for optional (?), repeated (*) or\n"
    buf << "# required repeated (+); a block is \"Callable[...] name\", optional with (?).\n"
    names.sort.each do |name|
      fn = loader.load(:function, name)
      raise "cannot load #{name}" unless fn
      legacy = fn.is_a?(Puppet::Functions::Function3x)
      buf << "\n"
      buf << "# 3.x function: Puppet checks only the number of arguments\n" if legacy
      buf << "[#{name}]\n"
      sigs = dispatches(name, fn, legacy)
      counts[name] = sigs.size
      sigs.each do |sig|
        buf << "[[#{name}.dispatch]]\n"
        buf << "params = [#{sig['params'].map { |p| quote(p) }.join(', ')}]\n"
        buf << "block = #{quote(sig['block'])}\n" if sig['block']
        if sig['returns']
          buf << "returns = #{quote(sig['returns'])}"
          buf << ' # from the implementation' if sig['returns_read']
          buf << "\n"
        end
      end
    end
    texts[file] = buf
  end
end

Dir.mkdir('rules') unless Dir.exist?('rules')
Dir.mkdir('rules/functions') unless Dir.exist?('rules/functions')
texts.each { |file, text| File.write("rules/functions/#{file}.toml", text) }
Dir.mkdir('tests/data') unless Dir.exist?('tests/data')
File.write('tests/data/puppet_functions.txt',
           "# Every function of Puppet #{Puppet.version} (lib/puppet/functions and lib/puppet/parser/functions)\n" \
           "# and its number of dispatches. Generated by scripts/builtins/gen_functions.rb.\n" +
           all_names.map { |n| "#{n} #{counts.fetch(n)}" }.join("\n") + "\n")
puts "#{all_names.size} functions in #{texts.size} files"

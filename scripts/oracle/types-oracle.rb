# Asks Puppet 7 (its evaluator and type calculator) what plint's type tests expect.
#
#   ruby scripts/oracle/types-oracle.rb tests/types
#
# Reads tests/types/types.txt (one type expression per line) and tests/types/display.txt,
# evaluates each expression as Puppet evaluates a type in a manifest (with the type aliases of
# tests/types/modules on the module path), and writes:
#   display.expected     input TAB what Puppet prints (or ERROR)
#   calc.expected        input TAB normalized TAB generalized (for calc.txt)
#   common.expected      `A | B` TAB their common type (for common.txt)
#   pairs.expected       `TO | FROM` TAB true/false (for pairs.txt)
#   calls.expected       `CALLABLE | Tuple[ARGS]` TAB true/false (for calls.txt)
#   mismatch.expected    `EXPECTED | ACTUAL` TAB Puppet's description of the mismatch for a
#                        subject `x` (line breaks as \\n) (for mismatch.txt)
#   corpus_display.expected  each type expression of the corpus (corpus_types.txt) TAB what
#                        Puppet prints, with the corpus as module path (or ERROR)
#   assignable.expected  to TAB one character per type of types.txt, in order:
#                        1 when that type is assignable to `to` (Puppet's `to >= from`), else 0,
#                        or E when Puppet fails to answer
require 'puppet'

dir = File.expand_path(ARGV[0] || 'tests/types')
work = Dir.mktmpdir('plint-types-oracle')
Puppet.initialize_settings(['--confdir', "#{work}/conf", '--vardir', "#{work}/var", '--codedir', "#{work}/code"])
env = Puppet::Node::Environment.create(:oracle, ["#{dir}/modules"])
node = Puppet::Node.new('oracle', environment: env)
compiler = Puppet::Parser::Compiler.new(node)

def read_list(path)
  File.readlines(path, chomp: true).reject { |l| l.strip.empty? || l.start_with?('#') }
end

Puppet.override(compiler.context_overrides) do
  scope = compiler.topscope
  ep = Puppet::Pops::Parser::EvaluatingParser.new
  fmt = Puppet::Pops::Types::TypeFormatter.singleton
  eval_type = lambda do |src|
    begin
      v = ep.evaluate_string(scope, src)
      v.is_a?(Puppet::Pops::Types::PAnyType) ? v : nil
    rescue StandardError
      nil
    end
  end

  File.open("#{dir}/display.expected", 'w') do |out|
    (read_list("#{dir}/types.txt") + read_list("#{dir}/display.txt")).each do |src|
      t = eval_type.call(src)
      shown = begin
        t.nil? ? 'ERROR' : fmt.string(t)
      rescue StandardError
        'ERROR'
      end
      out.puts "#{src}\t#{shown}"
    end
  end

  show = lambda do |t|
    begin
      fmt.string(t)
    rescue StandardError
      'ERROR'
    end
  end
  File.open("#{dir}/calc.expected", 'w') do |out|
    read_list("#{dir}/calc.txt").each do |src|
      t = eval_type.call(src)
      abort "not a type: #{src}" if t.nil?
      out.puts "#{src}\t#{show.call(t.normalize)}\t#{show.call(t.generalize)}"
    end
  end
  calc0 = Puppet::Pops::Types::TypeCalculator.singleton
  File.open("#{dir}/common.expected", 'w') do |out|
    read_list("#{dir}/common.txt").each do |line|
      a, b = line.split(' | ').map { |s| eval_type.call(s) }
      abort "not types: #{line}" if a.nil? || b.nil?
      out.puts "#{line}\t#{show.call(calc0.common_type(a, b))}"
    end
  end

  File.open("#{dir}/pairs.expected", 'w') do |out|
    read_list("#{dir}/pairs.txt").each do |line|
      a, b = line.split(' | ').map { |s| eval_type.call(s) }
      abort "not types: #{line}" if a.nil? || b.nil?
      answer = begin
        calc0.assignable?(a, b) ? 'true' : 'false'
      rescue StandardError, SystemStackError
        'ERROR'
      end
      out.puts "#{line}\t#{answer}"
    end
  end

  File.open("#{dir}/calls.expected", 'w') do |out|
    read_list("#{dir}/calls.txt").each do |line|
      c, args = line.split(' | ').map { |s| eval_type.call(s) }
      abort "not types: #{line}" if c.nil? || args.nil?
      out.puts "#{line}\t#{calc0.callable?(c, args) ? 'true' : 'false'}"
    end
  end

  describer = Puppet::Pops::Types::TypeMismatchDescriber.singleton
  File.open("#{dir}/mismatch.expected", 'w') do |out|
    read_list("#{dir}/mismatch.txt").each do |line|
      e_src, a_src = line.split(' | ')
      e = eval_type.call(e_src)
      a = a_src.start_with?('=') ? calc0.infer(ep.evaluate_string(scope, a_src[1..-1])) : eval_type.call(a_src)
      abort "not types: #{line}" if e.nil? || a.nil?
      abort "assignable: #{line}" if calc0.assignable?(e, a)
      text = begin
        describer.describe_mismatch('x', e, a).gsub("\n", '\\n')
      rescue StandardError, SystemStackError
        'ERROR'
      end
      out.puts "#{line}\t#{text}"
    end
  end

  types = read_list("#{dir}/types.txt").map { |s| [s, eval_type.call(s)] }
  bad = types.select { |_, t| t.nil? }
  abort "not types: #{bad.map(&:first).join(', ')}" unless bad.empty?
  calc = Puppet::Pops::Types::TypeCalculator.singleton
  File.open("#{dir}/assignable.expected", 'w') do |out|
    types.each do |to_src, to|
      bits = types.map do |_, from|
        begin
          calc.assignable?(to, from) ? '1' : '0'
        rescue StandardError, SystemStackError
          'E' # Puppet itself fails (e.g. endless recursion between two aliases)
        end
      end.join
      out.puts "#{to_src}\t#{bits}"
    end
  end
end
# The corpus's own type expressions, with the corpus as module path (its aliases resolve).
corpus = '/usr/share/puppet/modules'
if File.directory?(corpus) && File.exist?("#{dir}/corpus_types.txt")
  cenv = Puppet::Node::Environment.create(:corpus, [corpus])
  cnode = Puppet::Node.new('oracle', environment: cenv)
  ccompiler = Puppet::Parser::Compiler.new(cnode)
  Puppet.override(ccompiler.context_overrides) do
    scope = ccompiler.topscope
    ep = Puppet::Pops::Parser::EvaluatingParser.new
    fmt = Puppet::Pops::Types::TypeFormatter.singleton
    File.open("#{dir}/corpus_display.expected", 'w') do |out|
      read_list("#{dir}/corpus_types.txt").each do |src|
        shown = begin
          v = ep.evaluate_string(scope, src)
          v.is_a?(Puppet::Pops::Types::PAnyType) ? fmt.string(v) : 'ERROR'
        rescue StandardError
          'ERROR'
        end
        out.puts "#{src}\t#{shown}"
      end
    end
  end
end
FileUtils.rm_rf(work)

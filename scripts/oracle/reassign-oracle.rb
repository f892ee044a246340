# Compiles each manifest given (one rule fixture each) as the main manifest of a node, with
# Puppet's own compiler, and prints one line per manifest, tab-separated:
#   <file name>  compiles|fails  <line of the error or ->  <first line of Puppet's message>
# Used by reassign-oracle.sh; the fixtures are written so that the branches they test run.
require 'puppet'
require 'tmpdir'

tmp = Dir.mktmpdir('plint-reassign-oracle')
Puppet.initialize_settings(['--confdir', tmp, '--vardir', tmp, '--codedir', tmp,
                            '--logdir', tmp, '--rundir', tmp, '--publicdir', tmp])
Puppet[:hiera_config] = File.join(tmp, 'no-hiera.yaml')
facts = { 'fqdn' => 'node.example.com', 'networking' => { 'fqdn' => 'node.example.com' } }

ARGV.sort.each_with_index do |file, i|
  Puppet[:code] = File.read(file)
  # An environment of its own per fixture: definitions do not carry over.
  env = Puppet::Node::Environment.create(:"fixture#{i}", [])
  node = Puppet::Node.new('node.example.com', environment: env)
  node.fact_merge(Puppet::Node::Facts.new('node.example.com', Marshal.load(Marshal.dump(facts))))
  verdict, line, message = begin
    Puppet.override(current_environment: env) { Puppet::Parser::Compiler.compile(node) }
    ['compiles', '-', '-']
  rescue Exception => e # rubocop:disable Lint/RescueException -- any failure is the result
    raise if e.is_a?(Interrupt)
    line = (e.respond_to?(:line) && e.line) || e.message[/line: (\d+)/, 1] || '-'
    # Puppet names the node; the fixture has no file of its own (the code is given inline).
    ['fails', line.to_s, e.message.lines.first.to_s.chomp.sub(/ on node \S+\z/, '')]
  end
  puts [File.basename(file), verdict, line, message].join("\t")
  $stdout.flush
end

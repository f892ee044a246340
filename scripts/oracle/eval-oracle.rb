# Evaluates each case of an expressions file with the installed Puppet (in one process) and
# prints, for each case, its notice() output or the fact that it failed. Used by eval-oracle.sh.
#
# Input: one case per line (blank lines and lines starting with `#` are skipped), or the lines
# between a line `<<<` and a line `>>>`; a case is a small manifest, usually one or more
# `notice(...)` calls.
# Output, per case:
#   == <the case, with \ and newlines escaped as \\ and \n>
#   notice: <message, with \ and newlines escaped as \\ and \n>   (one line per notice)
#   error: <Puppet's message, first line>                          (when evaluation failed)
require 'puppet'
require 'tmpdir'

input = ARGV[0] or abort 'usage: eval-oracle.rb EXPRESSIONS [MODULEPATH]'
modulepath = ARGV[1] || '/usr/share/puppet/modules'
dir = Dir.mktmpdir('plint-eval-oracle')
Puppet.initialize_settings(['--confdir', dir, '--vardir', dir, '--codedir', dir,
                            '--logdir', dir, '--rundir', dir, '--publicdir', dir])
Puppet[:strict_variables] = true

require 'puppet/test/test_helper'
messages = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(messages))
Puppet::Util::Log.level = :notice

def esc(s)
  s.to_s.gsub('\\', '\\\\\\\\').gsub("\n", '\\n')
end

cases = []
block = nil
File.readlines(input, chomp: true).each do |line|
  if block
    if line == '>>>'
      cases << block.join("\n")
      block = nil
    else
      block << line
    end
  elsif line == '<<<'
    block = []
  elsif !(line.strip.empty? || line.start_with?('#'))
    cases << line
  end
end

cases.each do |line|
  messages.clear
  env = Puppet::Node::Environment.create(:oracle, [modulepath])
  facts = Puppet::Node::Facts.new('oracle.example.com', {})
  node = Puppet::Node.new('oracle.example.com', facts: facts, environment: env)
  Puppet[:code] = line
  puts "== #{esc(line)}"
  begin
    Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
      Puppet::Parser::Compiler.compile(node)
    end
    messages.each do |m|
      next unless m.level == :notice && m.source.to_s.start_with?('Scope(')
      puts "notice: #{esc(m.message)}"
    end
  rescue Exception => e
    messages.each do |m|
      next unless m.level == :notice && m.source.to_s.start_with?('Scope(')
      puts "notice: #{esc(m.message)}"
    end
    puts "error: #{esc(e.message.lines.first.to_s.strip)}"
  end
end

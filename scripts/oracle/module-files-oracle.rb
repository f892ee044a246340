# Runs each case of tests/module_files/cases.txt with the installed Puppet (in one process) and
# prints `NAME VERDICT` for each. Used by module-files-oracle.sh, which says what the verdicts
# are.
#
# The code of a case is compiled as the main manifest of a node whose environment's module path
# is tests/module_files/modules, from an empty working directory (so that no relative name
# exists there, as plint assumes). A `source` case asks Puppet's file server for the metadata
# of each URL in turn, as a `file` resource does, and reads the content of the first found.
require 'puppet'
require 'tmpdir'

tree = File.expand_path(ARGV[0] || abort('usage: module-files-oracle.rb TREE'))
dir = Dir.mktmpdir('plint-module-files-oracle')
Puppet.initialize_settings(['--confdir', dir, '--vardir', dir, '--codedir', dir,
                            '--logdir', dir, '--rundir', dir, '--publicdir', dir])
Puppet[:default_file_terminus] = :file_server

require 'puppet/test/test_helper'
messages = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(messages))
Puppet::Util::Log.level = :notice

NOT_FOUND = /Could not find template|Could not find any files|does not exist|Could not retrieve information/

def strip_root(text, tree)
  text.start_with?("#{tree}/") ? text[(tree.length + 1)..] : text
end

empty = File.join(dir, 'empty')
Dir.mkdir(empty)
File.readlines(File.join(tree, 'cases.txt'), chomp: true).each do |line|
  next if line.strip.empty? || line.start_with?('#')
  name, kind, code = line.split(' ', 3)
  code = code.gsub('@ROOT@', tree)
  messages.clear
  env = Puppet::Node::Environment.create(:oracle, [File.join(tree, 'modules')])
  verdict = begin
    Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
      Dir.chdir(empty) do
        if kind == 'source'
          urls = Array(eval(code)) # a literal string or array of strings
          found = urls.lazy.map do |u|
            Puppet::FileServing::Metadata.indirection.find(u, environment: env)
          end.find(&:itself)
          if found.nil?
            raise "Could not retrieve information from environment oracle source(s) #{urls.join(', ')}"
          elsif found.ftype == 'directory'
            'folder'
          else
            "read #{File.read(found.full_path)}"
          end
        else
          program = case kind
                    when 'value', 'path' then "$r = #{code}\nnotice(\"RESULT=[${r}]\")"
                    when 'binary' then "$r = String(#{code}, '%s')\nnotice(\"RESULT=[${r}]\")"
                    else "include #{code}"
                    end
          Puppet[:code] = program
          facts = Puppet::Node::Facts.new('oracle.example.com', {})
          node = Puppet::Node.new('oracle.example.com', facts: facts, environment: env)
          c = Puppet::Parser::Compiler.compile(node)
          m = messages.map(&:message).grep(/\ARESULT=\[/).first or raise "no RESULT: #{messages.map(&:message)}"
          result = m[/\ARESULT=\[(.*)\]\z/m, 1]
          if kind == 'path'
            result.empty? ? 'undef' : "path #{strip_root(result, tree)}"
          else
            "read #{result}"
          end
        end
      end
    end
  rescue Exception => e
    warn "#{name}: #{e.message}" if ENV['DEBUG']
    raise if e.message == 'no RESULT'
    e.message =~ NOT_FOUND ? 'not-found' : 'error'
  end
  puts "#{name} #{verdict}"
end

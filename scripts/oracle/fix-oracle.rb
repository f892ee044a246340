# Compiles the manifests of a fix case with the installed Puppet (7.x) for facterdb's fact sets
# and writes the case's oracle.txt: whether each compiled, and a digest of its catalog.
# Driven by scripts/oracle/fix-oracle.sh (read its header first).
#
# Each manifest is compiled as the code of a node named `node.example` (strict_variables off, as
# Puppet's default) with one fact set. The catalog is summed up as the sorted lines
# `Type[title] param=value.inspect` of its resources (Puppet's own Class and Stage resources
# included), hashed with SHA-256; a failure is recorded with Puppet's message. Then the same
# for the catalog as an agent sees it (see `compile`).
require 'puppet'
require 'json'
require 'digest'
require 'tmpdir'
require 'fileutils'

def facterdb_dir
  Dir.glob('/usr/share/rubygems-integration/all/gems/facterdb-*/facts').max or
    abort 'facterdb is not installed (scripts/install-corpus.sh)'
end

def digest(lines)
  "#{Digest::SHA256.hexdigest(lines.sort.join("\n"))} #{lines.length}"
end

# Puppet's result for one manifest and fact set: the catalog's digest, then what an agent
# makes of it (`Catalog#to_ral`: every value validated and munged, so `'644'` and `'0644'`
# are the same file mode) as `agent DIGEST COUNT` or `agent-error MESSAGE`.
def compile(code, facts)
  Puppet[:code] = code
  node = Puppet::Node.new('node.example')
  node.fact_merge(Puppet::Node::Facts.new('node.example', facts))
  catalog = Puppet::Parser::Compiler.compile(node)
  lines = catalog.resources.map do |r|
    params = r.to_hash.sort_by { |k, _| k.to_s }.map { |k, v| "#{k}=#{v.inspect}" }
    "#{r.type}[#{r.title}] #{params.join(' ')}"
  end
  warn lines.sort.join("\n") if ENV['FIX_ORACLE_DUMP']
  "ok #{digest(lines)} #{agent(catalog)}"
rescue StandardError => e
  "error #{e.message.lines.first.strip.sub(/ on node .*/, '')[0, 300]}"
end

def agent(catalog)
  ral = catalog.to_ral
  lines = ral.resources.map do |r|
    params = r.to_hash.sort_by { |k, _| k.to_s }.map { |k, v| "#{k}=#{v.inspect}" }
    "#{r.ref} #{params.join(' ')}"
  end
  "agent #{digest(lines)}"
rescue StandardError => e
  "agent-error #{e.message.lines.first.strip[0, 200]}"
ensure
  ral&.clear rescue nil
end

dir = ARGV.shift or abort 'usage: fix-oracle.rb CASE_DIR FACT_SET...'
tmp = Dir.mktmpdir('plint-fix-oracle')
Puppet.initialize_settings(['--confdir', tmp, '--vardir', tmp, '--codedir', tmp,
                            '--logdir', tmp, '--rundir', tmp, '--publicdir', tmp])
Puppet::Util::Log.newdestination(:console)
Puppet::Util::Log.level = :err
files = Dir.children(dir).select { |f| f.end_with?('.pp') }.sort
out = ["# Written by scripts/oracle/fix-oracle.sh with Puppet #{Puppet.version}; do not edit.",
       '# files: SHA-256 of each manifest as compiled; then, per fact set, per manifest:',
       '# `ok CATALOG-DIGEST RESOURCES agent AGENT-DIGEST RESOURCES` (or `agent-error MESSAGE`)',
       '# or `error MESSAGE`.']
files.each { |f| out << "file #{f} #{Digest::SHA256.hexdigest(File.read(File.join(dir, f)))}" }
begin
  ARGV.each do |set|
    facts_text = File.read(File.join(facterdb_dir, "#{set}.facts"))
    files.each do |f|
      # A fresh copy each time: compiling freezes the facts.
      out << "#{set} #{f} #{compile(File.read(File.join(dir, f)), JSON.parse(facts_text))}"
    end
  end
ensure
  FileUtils.rm_rf(tmp)
end
File.write(File.join(dir, 'oracle.txt'), out.join("\n") + "\n")
puts "wrote #{File.join(dir, 'oracle.txt')}"

# Compiles the catalog of one or more conformance cases with the installed Puppet (7.x), in one
# process, without a server, and writes each case's expected result next to its manifest:
#   expected.json        the catalog (Puppet's catalog.to_data_hash, normalized, see below), or
#   expected-error.txt   when Puppet fails: `kind:`, `file:`, `line:` (Puppet's place of the
#                        error, `-` where it gives none), `also:` (the other places its message
#                        names, `FILE:LINE` separated by spaces) and `message:` lines.
# Driven by scripts/oracle/catalog-oracle.sh (read its header first).
#
# A case is a folder holding `site.pp` and optionally:
#   options     `key = value` lines: `node` (the certname; default: the facts' fqdn),
#               `facts` (a file under tests/catalog/facts/, or `facterdb:NAME` for facterdb's
#               facts/4.2/NAME.facts; default: default.yaml), `strict_variables` (true/false),
#               `modulepath = corpus` (the real module corpus after the case's own modules/),
#               `error_kind` (the kind to record when Puppet fails, where the message alone
#               cannot tell it, e.g. `fail`), `check_cycles = false`, `same_message = true`
#               (read by tests/catalog_conformance.rs only: plint's message must hold Puppet's),
#               `server_facts` (space-separated KEY=VALUE: the compiling server's own facts,
#               `servername`, `serverip`, ..., and `environment`, the environment's name;
#               default: `servername=puppet`; the conformance test passes the same with
#               plint's `--server-fact`).
#   modules/    the case's modules (first in the module path)
#   hiera.yaml + data/   environment-level Hiera (the case folder is the environment's folder)
#
# Each case is compiled as Puppet server would for an agent: the node's facts get `clientcert`,
# `clientversion` and `clientnoop` when they lack them, `$trusted` is that of an authenticated
# certificate named after the node, `$server_facts` has serverversion, the case's
# `server_facts` and the environment's name, `production` unless `server_facts` names another
# (a temporary environment path whose folder of that name is a link to the case folder). After
# a successful compile, the catalog is turned into the agent's resource catalog and its
# relationship graph is checked for dependency cycles (as an agent would before
# applying it); a cycle is recorded as an error of kind `dependency-cycle`.
#
# Normalization: `version`, `catalog_uuid` and `code_id` are dropped, file paths inside the case
# folder are made relative to it, paths in the module corpus start with `$CORPUS/`. Nothing is
# sorted: resources, edges and classes keep Puppet's order (the comparison decides what order
# matters).
require 'puppet'
require 'json'
require 'yaml'
require 'tmpdir'
require 'fileutils'

CORPUS = '/usr/share/puppet/modules'.freeze

def facterdb_dir
  Dir.glob('/usr/share/rubygems-integration/all/gems/facterdb-*/facts/4.2').max or
    abort 'facterdb is not installed (scripts/install-corpus.sh)'
end

def read_options(dir)
  opts = {}
  file = File.join(dir, 'options')
  return opts unless File.exist?(file)
  File.readlines(file, chomp: true).each do |line|
    next if line.strip.empty? || line.strip.start_with?('#')
    k, v = line.split('=', 2).map(&:strip)
    opts[k] = v
  end
  opts
end

def facts_file(opts, facts_root)
  f = opts['facts'] || 'default.yaml'
  if f.start_with?('facterdb:')
    File.join(facterdb_dir, f.sub('facterdb:', '') + '.facts')
  else
    File.join(facts_root, f)
  end
end

def load_facts(path)
  text = File.read(path)
  path.end_with?('.yaml', '.yml') ? YAML.safe_load(text) : JSON.parse(text)
end

# Paths inside the case folder relative to it; corpus paths as $CORPUS/...
def normalize_paths(obj, prefixes)
  case obj
  when Hash then obj.each_with_object({}) { |(k, v), h| h[k] = normalize_paths(v, prefixes) }
  when Array then obj.map { |v| normalize_paths(v, prefixes) }
  when String
    s = obj
    prefixes.each { |from, to| s = s.gsub(from, to) }
    s
  else obj
  end
end

KINDS = [
  [/Found \d+ dependency cycles?/, 'dependency-cycle'],
  [/Duplicate declaration/, 'duplicate-resource'],
  [/Resource type not found|Unknown resource type|Invalid resource type/, 'unknown-resource-type'],
  [/no parameter named|has no parameter named|Invalid parameter/, 'unknown-attribute'],
  [/Could not find resource '.*' (for relationship|in parameter)/, 'dangling-relationship'],
  [/assert_type\(\)/, 'assert-type'],
  [/expects a value for parameter/, 'missing-parameter'],
  [/(Class|Resource Statement|parameter '\w+') .*expects .* got|parameter '\w+' expects/, 'parameter-type'],
  [/Could not find class|Could not find declared class/, 'unknown-class'],
  [/Failed to realize virtual resources|Could not find resource .* to realize/, 'realize-missing'],
  [/Unknown variable/, 'undefined-variable'],
  [/Could not find (default )?node|Could not find node statement/, 'no-matching-node'],
].freeze

def error_kind(message, opts)
  return opts['error_kind'] if opts['error_kind']
  KINDS.each { |re, kind| return kind if message =~ re }
  'eval-error'
end

def error_file(e)
  return e.file if e.respond_to?(:file) && e.file
  m = e.message.match(/\(file: ([^,)]+), line: \d+, column: \d+\)/)
  m && m[1]
end

def error_line(e)
  return e.line if e.respond_to?(:line) && e.line
  m = e.message.match(/line: (\d+)/)
  m && m[1].to_i
end

def compile_case(dir, facts_root, tmp)
  dir = File.realpath(dir)
  opts = read_options(dir)
  facts = load_facts(facts_file(opts, facts_root))
  name = opts['node'] || facts['fqdn'] || (facts['networking'] || {})['fqdn'] or
    abort "#{dir}: no node name (options `node`, or the facts' fqdn)"
  strict = opts['strict_variables'] == 'true'
  server = (opts['server_facts'] || 'servername=puppet').split.to_h { |kv| kv.split('=', 2) }
  env_name = server.delete('environment') || 'production'

  envpath = File.join(tmp, File.basename(dir))
  FileUtils.mkdir_p(envpath)
  # A case's private data checkout beside its repository: `../../private-data/CASE` from the
  # environment, as from the case's folder in tests/catalog/cases.
  private_data = File.expand_path('../../private-data', dir)
  link = File.join(tmp, 'private-data')
  File.symlink(private_data, link) if File.directory?(private_data) && !File.exist?(link)
  envdir = File.join(envpath, env_name)
  FileUtils.rm_f(envdir)
  File.symlink(dir, envdir)

  Puppet[:environmentpath] = envpath
  Puppet[:basemodulepath] = opts['modulepath'] == 'corpus' ? CORPUS : ''
  Puppet[:default_manifest] = File.join(dir, 'site.pp')
  Puppet[:hiera_config] = File.join(tmp, 'no-global-hiera.yaml')
  Puppet[:strict_variables] = strict
  Puppet[:strict] = :warning

  loader = Puppet::Environments::Directories.new(envpath, [Puppet[:basemodulepath]].reject(&:empty?))
  env = Puppet.override(environments: loader) { loader.get(env_name.to_sym) }
  facts = facts.dup
  facts['clientcert'] ||= name
  facts['clientversion'] ||= Puppet.version
  facts['clientnoop'] = false unless facts.key?('clientnoop')

  result = nil
  Puppet.override(environments: loader, current_environment: env,
                  trusted_information: Puppet::Context::TrustedInformation.new('remote', name, {}, {})) do
    node = Puppet::Node.new(name, environment: env)
    node.fact_merge(Puppet::Node::Facts.new(name, facts))
    node.add_server_facts({ 'serverversion' => Puppet.version }.merge(server))
    begin
      # In the case's folder: a relative path in a backend's options (eyaml's keys) is the case's.
      catalog = Dir.chdir(dir) { Puppet::Parser::Compiler.compile(node) }
      data = catalog.to_data_hash
      %w[version catalog_uuid code_id].each { |k| data.delete(k) }
      result = { catalog: data }
      if opts['check_cycles'] != 'false'
        begin
          ral = catalog.to_ral
          ral.finalize
          graph = ral.relationship_graph
          cycles = graph.find_cycles_in_graph
          unless cycles.empty?
            paths = cycles.map { |c| graph.paths_in_cycle(c).map { |p| '(' + p.join(' => ') + ')' }.join(' ') }
            msg = "Found #{cycles.length} dependency #{cycles.length == 1 ? 'cycle' : 'cycles'}: #{paths.join(' ')}"
            result = { error: Puppet::Error.new(msg), kind: 'dependency-cycle', line: nil }
          end
        rescue StandardError => e
          warn "#{dir}: cycle check skipped: #{e.class}: #{e.message.lines.first}"
        ensure
          ral&.clear rescue nil
        end
      end
    rescue Exception => e # rubocop:disable Lint/RescueException -- any failure is the result
      raise if e.is_a?(Interrupt)
      result = { error: e, kind: error_kind(e.message, opts), line: error_line(e), file: error_file(e) }
    end
  end

  prefixes = [[dir + '/', ''], [envdir + '/', ''], [CORPUS + '/', '$CORPUS/'],
              [File.realpath(CORPUS) + '/', '$CORPUS/']]
  out_json = File.join(dir, 'expected.json')
  out_err = File.join(dir, 'expected-error.txt')
  if result[:catalog]
    FileUtils.rm_f(out_err)
    File.write(out_json, JSON.pretty_generate(normalize_paths(result[:catalog], prefixes)) + "\n")
    puts "ok     #{File.basename(dir)}"
  else
    FileUtils.rm_f(out_json)
    msg = normalize_paths(result[:error].message, prefixes).gsub("\n", '\\n')
    file = result[:file] ? normalize_paths(result[:file], prefixes) : '-'
    # Every other place the message names (a nested error's own place, a first declaration).
    also = msg.scan(/\(file: ([^,)]+), line: (\d+)/).map { |f, l| "#{f}:#{l}" }.uniq -
           ["#{file}:#{result[:line]}"]
    File.write(out_err, "kind: #{result[:kind]}\nfile: #{file}\nline: #{result[:line] || '-'}\n" \
                        "also: #{also.empty? ? '-' : also.join(' ')}\nmessage: #{msg}\n")
    puts "error  #{File.basename(dir)}: #{result[:kind]} (line #{result[:line] || '-'})"
  end
end

facts_root = ARGV.shift or abort 'usage: catalog-oracle.rb FACTS_DIR CASE_DIR...'
tmp = Dir.mktmpdir('plint-catalog-oracle')
Puppet.initialize_settings(['--confdir', tmp, '--vardir', tmp, '--codedir', tmp,
                            '--logdir', tmp, '--rundir', tmp, '--publicdir', tmp])
Puppet::Util::Log.newdestination(:console)
Puppet::Util::Log.level = :err
begin
  ARGV.each { |dir| compile_case(dir, facts_root, tmp) }
ensure
  FileUtils.rm_rf(tmp)
end

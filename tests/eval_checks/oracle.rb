#!/usr/bin/env ruby
# Compiles each given manifest with Puppet 7 (no facts beyond fqdn/osfamily, no modules,
# storeconfigs off) and writes NAME.json next to it:
#   {"catalog": <catalog.to_data_hash, exported resources included, each resource with an extra
#                "virtual": true when it is virtual (an exported resource not collected), or null>,
#    "error": <the compile error's message without location, or null>,
#    "agent_error": <the first error the agent raises turning it into its RAL catalog, or null>,
#    "cycles": <Puppet's dependency cycle report, or null>}
# The cycle report is Puppet's text with one newline between cycle paths (Puppet joins them
# with a literal backslash-n) and without its closing hint about --graph.
# Usage: ruby tests/eval_checks/oracle.rb tests/eval_checks/*.pp
require 'puppet'
require 'json'
require 'tmpdir'

dir = Dir.mktmpdir('plint-oracle')
Puppet.initialize_settings(['--confdir', dir, '--vardir', dir, '--codedir', dir, '--color', 'false'])

def strip_location(msg)
  msg.gsub(/ \((file: [^)]*, )?line: \d+(, column: \d+)?\)/, '').sub(/ on node n1\z/, '')
end

ARGV.each do |file|
  out = { 'catalog' => nil, 'error' => nil, 'agent_error' => nil, 'cycles' => nil }
  Puppet[:code] = File.read(file)
  node = Puppet::Node.new('n1', facts: Puppet::Node::Facts.new('n1', { 'fqdn' => 'n1', 'osfamily' => 'Debian' }))
  node.environment = Puppet::Node::Environment.create(:production, [])
  begin
    catalog = Puppet::Parser::Compiler.compile(node)
    data = catalog.to_data_hash.slice('resources', 'edges', 'classes')
    data['resources'].zip(catalog.resources).each { |h, r| h['virtual'] = r.virtual ? true : false }
    out['catalog'] = data
    begin
      # What the agent gets: the server filters virtual (and so exported) resources out.
      ral = catalog.filter { |r| r.virtual? }.to_ral
      ral.finalize
      graph = ral.relationship_graph
      cycles = graph.find_cycles_in_graph
      unless cycles.empty?
        n = cycles.length
        text = "Found #{n} dependency cycle#{n == 1 ? '' : 's'}:"
        cycles.each do |c|
          graph.paths_in_cycle(c).each { |path| text += "\n(" + path.join(' => ') + ')' }
        end
        out['cycles'] = text
      end
    rescue => e
      out['agent_error'] = strip_location(e.message)
    end
  rescue => e
    out['error'] = strip_location(e.message)
  end
  File.write(file.sub(/\.pp\z/, '.json'), JSON.pretty_generate(out) + "\n")
end

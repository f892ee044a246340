# Evaluates each expression of tests/hostile/overflow.pp (one a line; `#` lines skipped) as
# String(<expr>) with Puppet's evaluator (PAL, no facter) and prints one line per case:
#   <expression> => <the string>        or        <expression> => ERROR <first line of the message>
# The string is escaped as a JSON string. Used by overflow-oracle.sh.
require 'json'
require 'tmpdir'
require 'puppet'
require 'puppet_pal'

input = ARGV[0] or abort 'usage: overflow-oracle.rb CASES [MODULEPATH]'
modulepath = ARGV[1] || '/usr/share/puppet/modules'
dir = Dir.mktmpdir('plint-overflow-oracle')
Puppet.initialize_settings(['--confdir', dir, '--vardir', dir, '--codedir', dir,
                            '--logdir', dir, '--rundir', dir, '--publicdir', dir])
cases = File.readlines(input, chomp: true).reject { |l| l.strip.empty? || l.start_with?('#') }
Puppet::Pal.in_tmp_environment('overflow', modulepath: [modulepath],
                                           facts: { 'fqdn' => 'node.example.com' }) do |pal|
  pal.with_script_compiler do |c|
    cases.each do |e|
      expr = e.sub(/\s+# plint: (error|value)\z/, '')
      r = begin
        JSON.generate(c.evaluate_string("String(#{expr})"))
      rescue Exception => ex
        'ERROR ' + ex.message.split("\n").first.to_s[0, 300]
      end
      puts "#{expr} => #{r}"
      $stdout.flush
    end
  end
end

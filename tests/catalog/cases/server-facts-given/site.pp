# The facts a Puppet server adds of its own: $server_facts and the top-scope variables of the
# same names, given with --server-fact (the oracle's `server_facts` option); the environment's
# name is the run's.
class report {
  notify { 'server facts':
    message => [$servername, $::serverip, $serverversion =~ String, $environment,
      $server_facts['servername'], $server_facts['serverip'], $server_facts['environment'],
      $server_facts.keys],
  }
  if $server_facts['servername'] =~ /^puppet\./ {
    notify { 'named': message => "compiled by ${servername} in ${environment}" }
  }
}
include report

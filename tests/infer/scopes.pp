# Scope analysis: reads resolve to parameters, assignments, lambdas, facts and built-ins.

$site_domain = 'example.com'

class scopes (
  String $user = 'www-data',
  String $group = $user,
  String $bad_default = $later_param, # error: [P112]
  String $later_param = 'x',
) {
  notice($site_domain, $::site_domain, $osfamily, $::operatingsystem, $facts, $trusted)
  notice($title, $name, $module_name, $caller_module_name, $environment, $clientcert)
  notice($settings::vardir, $server_facts, $serverversion)
  notice($undefined_thing) # error: [P112]
  notice($::undefined_top) # warning: [P112]

  # read before the assignment: Puppet evaluates in order
  notice($port) # error: [P112]
  $port = 80
  notice($port)

  # a branch's assignment can be defined afterwards
  if $user == 'root' {
    $home = '/root'
  }
  notice($home)

  # lambdas: parameters, their own assignments, the enclosing scope
  [1, 2].each |$i| {
    $double = $i * 2
    notice($double, $port, $home)
    [3].each |$j| {
      notice($i, $j, $double)
    }
  }
  notice($double) # error: [P112]
  notice($i) # error: [P112]

  # match variables never fail
  if $facts['networking']['fqdn'] =~ /^([^.]+)\.(.*)$/ {
    notice($1, $2)
  }
  case $user {
    /^(w+)/: { notice($1) }
    default: { notice($0) }
  }
  $short = $user ? {
    /^(.)/  => $1,
    default => $user,
  }
  notice($short, $9)
}

define scopes::site (String $root = "/srv/${title}") {
  notice($title, $name, $root, $require, $tag)
  notice($rooot) # error: [P112]
  # a define's title and name are set by Puppet
  $name = 'other' # error: [P113]
}

class scopes::params {
  $port = 80
  if $facts['os']['family'] == 'Debian' {
    $package = 'apache2'
  } else {
    $package = 'httpd'
  }
}

# variables of an inherited class are visible unqualified
class scopes::server inherits scopes::params {
  notice($port, $package)
  notice($missing) # error: [P112]
}

class scopes::reader {
  notice($scopes::params::port, $::scopes::params::package, $scopes::user)
  notice($scopes::params::nope) # error: [P112]
  notice($scopes::server::port) # qualified reads search inherited classes
  notice($elsewhere::var) # a class that is not known: nothing to say
}

function scopes::add(Integer $a, Integer $b = $a) >> Integer {
  $a + $b + $c # error: [P112]
}

node 'web01.example.com' {
  $role = 'web'
  notice($role, $site_domain, $hostname)
}

# Style findings that `plint --fix --select P4` fixes safely: an agent must see the same
# catalog before and after (scripts/oracle/fix-oracle.sh, oracle.txt).
class style::base {
  notify { 'base': }
}
class style (
  String $motd = 'hello',
  $port = 80
) {
  include style::base
  package { 'openssh-server':
    ensure => installed,
  }
  file { '/etc/motd':
    ensure  => file,
    mode    => '0644',
    content => "Welcome to ${motd} on ${facts['networking']['fqdn']}\n",
    require => Class['style::base'],
  }
  file { '/etc/issue':
    ensure  => 'file',
    mode    => '0644',
    content => "port ${port}",
  }
  $list = [
    'a',
    'b',
  ]
  notify { "list ${list}": }
  if $facts['os']['name'] == 'Debian' {
    notify { 'debian': }
  }
  case $port {
    80: { notify { 'http': } }
    default: { notify { 'other': } }
  }
}
include style

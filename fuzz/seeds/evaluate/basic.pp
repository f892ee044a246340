class ntp($servers = ['a.example.com'], $enable = true) {
  package { 'ntp': ensure => installed }
  -> file { '/etc/ntp.conf': content => inline_epp('<% $servers.each |$s| { %>server <%= $s %>
<% } %>', { 'servers' => $servers }) }
  ~> service { 'ntpd': ensure => running, enable => $enable }
}
node default {
  include ntp
  if $facts['os']['family'] == 'RedHat' { notify { "on ${facts['networking']['fqdn']}": } }
  $x = [1, 2, 3].map |$i| { $i * 2 }.reduce |$a, $b| { $a + $b }
  notify { "sum ${x}": }
}
%%
{"fqdn": "web1.example.com", "networking": {"fqdn": "web1.example.com"}, "os": {"family": "RedHat", "release": {"major": "8"}}}

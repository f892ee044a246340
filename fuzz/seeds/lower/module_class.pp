# @summary A class with the usual findings.
class fuzz (
  String $package = 'ntp',
  Boolean $enable = true,
  $servers = [],
) inherits fuzz::params {
  package { $package: ensure => installed }
  file { "/etc/${package}.conf":
    ensure => file,
    mode => 644,
    content => template('fuzz/ntp.conf.erb'),
    require => Package[$package],
  }
  service { 'ntpd':
    ensure    => running,
    enable => $enable,
    subscribe => File["/etc/${package}.conf"],
  }
  if $::osfamily == "RedHat" { notify { unquoted: } }
}

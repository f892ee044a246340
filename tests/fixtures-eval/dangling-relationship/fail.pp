package { 'ntp':
  ensure => installed,
}
service { 'ntp':
  ensure => running,
}
Package['ntp'] -> File['/etc/ntp.conf'] ~> Service['ntp']

package { 'ntp':
  ensure => installed,
}
file { '/etc/ntp.conf':
  ensure => file,
}
service { 'ntp':
  ensure => running,
}
Package['ntp'] -> File['/etc/ntp.conf'] ~> Service['ntp']

package { 'ntp':
  ensure  => installed,
  require => Service['ntp'],
}
file { '/etc/ntp.conf':
  ensure  => file,
  require => Package['ntp'],
}
service { 'ntp':
  ensure    => running,
  subscribe => File['/etc/ntp.conf'],
}

class base {
  file { '/etc/app.conf':
    ensure  => file,
    mode    => '0644',
    require => Package['app'],
  }
  package { ['app', 'extra']: ensure => installed }
}
class special inherits base {
  File['/etc/app.conf'] {
    mode    => '0600',
    require +> Package['extra'],
  }
}
include special

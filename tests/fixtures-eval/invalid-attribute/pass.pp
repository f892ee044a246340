service { 'ntp':
  ensure => running,
  enable => true,
}

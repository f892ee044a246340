service { 'ntp':
  ensure  => running,
  enabled => true,
}

file { '/tmp/x':
  ensure   => file,
  colour   => 'blue',
}

notify { 'hello':
  message => "Hello ${facts['hostname']}",
}
file { '/tmp/x':
  ensure  => file,
  content => 'x',
  mode    => '0644',
}
Notify['hello'] -> File['/tmp/x']
class foo::bar($p = 3) {
  notify { "p is ${p}": }
}
include foo::bar

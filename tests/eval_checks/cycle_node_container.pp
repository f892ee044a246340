node default {
  file { '/n': }
  notify { 'x': before => File['/n'] }
}
File['/n'] -> Notify['x']

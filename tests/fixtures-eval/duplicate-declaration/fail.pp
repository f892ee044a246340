define app::config (String $path) {
  file { $path:
    ensure => file,
  }
}
app::config { 'a':
  path => '/etc/app.conf',
}
app::config { 'b':
  path => '/etc/app.conf',
}

define app::config (String $path) {
  file { $path:
    ensure => file,
  }
}
app::config { 'a':
  path => '/etc/app-a.conf',
}
app::config { 'b':
  path => '/etc/app-b.conf',
}

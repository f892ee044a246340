class tmpl {
  file { '/etc/tmpl.conf':
    ensure  => file,
    content => epp('tmpl/config.epp', { 'name' => 'demo', 'servers' => ['a', 'b'] }),
  }
}

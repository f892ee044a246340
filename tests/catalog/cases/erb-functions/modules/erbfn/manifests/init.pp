class erbfn {
  $versions = ['1.10', '1.9', '1.2.3']
  $packages = { 'nginx' => { 'ensure' => 'latest' }, 'curl' => {} }
  file { '/etc/fn.conf':
    ensure  => file,
    content => template('erbfn/fn.erb'),
  }
}

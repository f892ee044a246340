# A clean manifest: `plint examples/site.pp` finds nothing.
node default {
  package { ['vim', 'curl']:
    ensure => installed,
  }

  service { 'ntp':
    ensure => running,
    enable => true,
  }

  file { '/etc/motd':
    ensure  => file,
    content => "Welcome to ${facts['networking']['fqdn']}\n",
    mode    => '0644',
  }
}

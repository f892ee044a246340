# A clean manifest: `plint examples/site.pp` finds nothing.
node default {
  include profile::base
}

class profile::base (
  Array[String[1]] $packages = ['vim', 'curl'],
  Boolean          $manage_ntp = true,
) {
  package { $packages:
    ensure => installed,
  }

  if $manage_ntp {
    service { 'ntp':
      ensure => running,
      enable => true,
    }
  }

  file { '/etc/motd':
    ensure  => file,
    content => "Welcome to ${facts['networking']['fqdn']}\n",
    mode    => '0644',
  }
}

notify { 'undef':
  message  => undef,
  withpath => false,
}
file { '/tmp/u': ensure => file, owner => undef, group => 'root' }

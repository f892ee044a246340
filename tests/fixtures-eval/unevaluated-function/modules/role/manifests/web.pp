class role::web { file { '/etc/web': ensure => file } }

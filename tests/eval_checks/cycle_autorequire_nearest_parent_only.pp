file { '/p': ensure => directory, require => File['/p/q/r'] }
file { '/p/q': ensure => directory }
file { '/p/q/r': }

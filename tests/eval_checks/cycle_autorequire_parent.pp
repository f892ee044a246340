file { '/a': ensure => directory }
file { '/a/b/c': before => Exec['x'] }
exec { 'x': command => '/bin/true', before => File['/a'] }

file { '/a/b': before => File['/a'] }
file { '/a': ensure => directory }

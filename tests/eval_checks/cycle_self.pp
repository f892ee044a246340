file { '/a': require => File['/a'] }

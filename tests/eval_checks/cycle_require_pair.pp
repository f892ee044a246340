file { '/a': require => File['/b'] }
file { '/b': require => File['/a'] }

@@file { '/v': }
file { '/b': require => File['/v'] }

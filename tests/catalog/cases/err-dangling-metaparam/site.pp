notify { 'a': require => Package['missing'] }

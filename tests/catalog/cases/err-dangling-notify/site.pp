package { 'p': ensure => installed, notify => Service['nosvc'] }

notify { 'fine': }
frobnicate { 'x': ensure => present }

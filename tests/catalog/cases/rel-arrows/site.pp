package { 'app': ensure => installed }
file { '/etc/app': ensure => file }
service { 'app': ensure => running }
Package['app'] -> File['/etc/app'] ~> Service['app']
notify { 'a': } -> notify { 'b': }
notify { 'c': }
Notify['c'] <- Notify['b']
notify { 'd': }
Notify['d'] <~ Notify['c']

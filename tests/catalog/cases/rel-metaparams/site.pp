file { '/etc/x': ensure => file, before => Service['x'] }
service { 'x': ensure => running, subscribe => [File['/etc/x'], Package['x']] }
package { 'x': ensure => installed, notify => Service['x'] }
exec { 'reload': command => '/bin/true', refreshonly => true, require => Package['x'] }

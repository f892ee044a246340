class a { file { '/etc/shared': ensure => file } }
class b { file { '/etc/shared': ensure => directory } }
include a
include b

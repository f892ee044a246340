class base { file { '/srv': ensure => directory } }
class app { file { '/srv/app': ensure => directory } }
include base, app
Class['app'] -> Class['base']

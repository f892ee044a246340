class foo { file { '/f': } }
include foo
file { '/a': before => File['/b'] }
file { '/b': require => Class['foo'] }
Class['foo'] -> File['/a']

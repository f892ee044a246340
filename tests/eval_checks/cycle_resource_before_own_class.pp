class foo { file { '/f': before => Class['foo'] } }
include foo

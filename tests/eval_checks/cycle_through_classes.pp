class foo { file { '/f': } }
class bar { file { '/b': before => Class['foo'] } }
include foo, bar
Class['foo'] -> Class['bar']

class foo { file { '/f': } }
class bar { file { '/b': } }
include foo, bar
Class['foo'] -> Class['bar'] -> Class['foo']

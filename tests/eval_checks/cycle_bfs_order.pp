file { '/c': }
file { '/a': before => File['/b'] }
file { '/b': before => [File['/c'], File['/a']] }
file { '/d': before => File['/c'] }
File['/c'] -> File['/b']
File['/c'] -> File['/d']

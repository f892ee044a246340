define d() { file { "/d/${title}": } }
d { 'x': }
file { '/z': require => D['x'], before => File['/d/x'] }

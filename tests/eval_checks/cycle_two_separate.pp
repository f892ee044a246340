file { '/z1': notify => File['/z2'] }
file { '/z2': notify => File['/z1'] }
exec { 'b': command => '/bin/true', subscribe => Exec['a'] }
exec { 'a': command => '/bin/true', subscribe => Exec['b'] }

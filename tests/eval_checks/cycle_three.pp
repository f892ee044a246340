file { '/c1': before => File['/c2'] }
file { '/c2': before => File['/c1'] }
notify { 'b1': notify => Notify['b2'] }
notify { 'b2': subscribe => Notify['b3'] }
notify { 'b3': subscribe => Notify['b2'], require => Notify['b1'] }
exec { 'a1': command => '/bin/true', require => Exec['a1'] }

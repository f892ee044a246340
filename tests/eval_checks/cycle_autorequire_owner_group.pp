user { 'bob': require => Notify['u'] }
notify { 'u': require => File['/h'] }
group { 'staff': require => Notify['g'] }
notify { 'g': require => File['/g'] }
file { '/h': owner => 'bob' }
file { '/g': group => ['staff'] }
file { '/n': owner => '0', require => Notify['n'] }
notify { 'n': require => User['bob'] }
user { 'x': name => 'xavier', require => Notify['x'] }
notify { 'x': require => File['/x'] }
file { '/x': owner => 'xavier' }

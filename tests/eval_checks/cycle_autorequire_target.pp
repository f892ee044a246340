file { '/l': ensure => link, target => '/t', before => Notify['x'] }
notify { 'x': before => File['/t'] }
file { '/t': }

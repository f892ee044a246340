file { 'x': path => '/tmp/x', require => 'file[/tmp/y]' }
file { '/tmp/y/': alias => 'why', require => 'File[/tmp/x]' }
notify { 'n': require => File['why'], before => File['x'] }

concat { '/etc/motd': ensure => present }
concat::fragment { 'header': target => '/etc/motd', content => "hello\n", order => '01' }
concat::fragment { 'footer': target => '/etc/motd', content => "bye\n", order => '99' }

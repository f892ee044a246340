notify { 'target': message => 'original' }
Notify['target'] { withpath => true }
file { '/tmp/o': ensure => file }
File['/tmp/o'] { mode => '0755' }

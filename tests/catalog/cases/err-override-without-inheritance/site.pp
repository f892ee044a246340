notify { 'target': message => 'original' }
Notify['target'] { message => 'overridden', withpath => true }
file { '/tmp/o': ensure => file }
File['/tmp/o'] { mode => '0755' }

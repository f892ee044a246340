notify { 'aliased': alias => 'other-name', loglevel => 'info' }
file { '/tmp/noop': ensure => file, noop => true, audit => 'mode' }
schedule { 'daily': period => daily }
exec { 'sched': command => '/bin/true', schedule => 'daily' }
notify { 'uses alias': require => Notify['other-name'] }

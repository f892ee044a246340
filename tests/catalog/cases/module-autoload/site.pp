class { 'app': version => '2.1' }

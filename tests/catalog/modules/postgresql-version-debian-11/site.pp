class { 'postgresql::globals': version => '13' }
include postgresql::server

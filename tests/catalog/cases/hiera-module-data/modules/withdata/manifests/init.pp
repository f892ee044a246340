class withdata(String $package, String $service, Integer $port) {
  package { $package: ensure => installed }
  service { $service: ensure => running, require => Package[$package] }
  notify { 'port': message => $port }
}

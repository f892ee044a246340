class profile {
  $pkgs = lookup('profile::packages', Array[String], 'unique', [])
  package { $pkgs: ensure => installed }
}
include profile

class erbmissing {
  file { '/etc/missing.conf': ensure => file, content => template('erbmissing/nope.erb') }
}

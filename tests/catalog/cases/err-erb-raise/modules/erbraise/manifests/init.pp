class erbraise {
  file { '/etc/raise.conf': ensure => file, content => template('erbraise/raise.erb') }
}

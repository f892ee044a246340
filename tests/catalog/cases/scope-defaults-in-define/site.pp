define wrapper() {
  File { mode => '0600' }
  file { "/tmp/${title}": ensure => file }
}
File { owner => 'root' }
wrapper { 'w1': }
file { '/tmp/top': ensure => file }

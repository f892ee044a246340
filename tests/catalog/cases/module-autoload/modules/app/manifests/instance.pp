define app::instance(String $port = '80') {
  file { "/etc/app/${title}.conf": ensure => file, content => "port=${port}\n" }
}

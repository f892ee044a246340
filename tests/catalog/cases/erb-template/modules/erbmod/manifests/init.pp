class erbmod($name_var = 'erb') {
  file { '/etc/erb.conf': ensure => file, content => template('erbmod/conf.erb') }
  notify { 'inline erb': message => inline_template('<%= 1 + 2 %>') }
}

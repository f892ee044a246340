class web($port, $docroot = '/var/www', Boolean $ssl = false) {
  notify { 'web': message => "${port} ${docroot} ${ssl}" }
}
class { 'web':
  port => 8443,
  ssl  => true,
}

# @summary Manages the web server.
#
# Installs the server and its document root.
#
# @param root
#   The document root.
# @param port The port it listens on.
class web (
  String $root = '/srv',
  Integer $port = 80,
) inherits web::params {
  $docroot = "${root}/htdocs"
  file { $docroot:
    ensure => directory,
    source => 'puppet:///modules/web/index.html',
  }
  web::vhost { 'main': port => $port }
}

# A manifest with syntax errors: `plint examples/broken.pp` reports each of them.
class broken::web (
  String $docroot = '/var/www',
) {
  package { 'nginx':
    ensure = installed,
  }

  file { $docroot:
    ensure => directory,
    owner  => 'www-data'
    group  => 'www-data',
  }

  service { 'nginx':
    ensure => running,
    require => Package['nginx'],
  }
}

# @summary The web server, declared by the plans' apply blocks.
# @param version The package version.
class deploy (String $version = 'installed') {
  package { 'nginx':
    ensure => $version,
  }
}

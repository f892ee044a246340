# @summary A site of the application.
define app::site (
  Integer[1, 65535] $port,
  String $root = '/srv/www',
) {
}

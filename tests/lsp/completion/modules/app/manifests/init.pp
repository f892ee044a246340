# @summary The application.
#
# @param user Who runs it.
class app (
  String $user,
  Integer $port = 8080,
  Optional[String] $motd = undef,
  Boolean $manage = true,
) inherits app::params {
  $home = "/srv/${user}"
  app::site { 'main': port => $port }
}

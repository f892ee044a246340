# @summary The web server's defaults.
class web::params {
  $user = 'www-data'
}

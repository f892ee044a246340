# @summary The application's defaults.
class app::params {
  $package = 'app'
}

class users {
  @user { 'deploy': ensure => present }
  @group { 'deploy': ensure => present }
}
class realize_users {
  include users
  User <| |>
}
include realize_users

class role::webserver {
  include profile::web
  include profile::db
}

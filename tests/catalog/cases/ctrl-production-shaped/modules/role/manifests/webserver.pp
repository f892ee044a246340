class role::webserver {
  include profile::web
}

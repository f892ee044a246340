include postgresql::server

# @summary A virtual host.
#
# @param port The port.
define web::vhost (
  Integer[1, 65535] $port,
) {
  notify { $title:
    message => template('web/vhost.erb'),
  }
}

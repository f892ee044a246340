class profile::web (
  Integer $port,
  String $vhost,
  Integer $workers,
  Integer $read_timeout,
  String $admin = 'root@localhost',
) {
  notify { "web on ${vhost}:${port} with ${workers} workers, timeout ${read_timeout}, role ${::node_role}, admin ${admin}": }
}

$servers = {
  'web1' => { 'role' => 'web', 'port' => 80 },
  'web2' => { 'role' => 'web', 'port' => 8080 },
  'db1'  => { 'role' => 'db', 'port' => 5432 },
}
$by_role = $servers.reduce({}) |$acc, $kv| {
  $role = $kv[1]['role']
  $acc + { $role => ($acc[$role] ? { undef => [], default => $acc[$role] }) + [$kv[0]] }
}
$ports = $servers.filter |$n, $s| { $s['role'] == 'web' }.map |$n, $s| { $s['port'] }.sort
$servers.each |$n, $s| {
  file { "/etc/servers/${n}": ensure => file, content => "${n}:${s['port']}\n" }
}
notify { 'transform': message => [$by_role, $ports] }

type Fuzz::Port = Integer[1, 65535]
function fuzz::double(Integer $x) >> Integer { $x * 2 }
class fuzz::server (Fuzz::Port $port = 80, Optional[String[1]] $name = undef) {
  $doubled = fuzz::double($port)
  $s = "${doubled}" + 1
  $m = { 'a' => [1, 2.5, 'x'], 'b' => undef }
  $v = $m['a'][0] + $m['b']
  case $port { String: { } Integer[0, 10]: { } default: { } }
  fuzz::client { 'c': server => $facts['networking']['fqdn'], port => 'eighty' }
  unless $name =~ /^[a-z]+$/ { fail("bad ${name}") }
  $port.each |$i| { notice($i) }
}
define fuzz::client(String $server, Integer $port) {
  notify { "${server}:${port}": }
}

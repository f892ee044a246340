$osname = 'Debian'
$svc = $osname ? {
  'RedHat' => 'httpd',
  /^Deb/   => "apache2 (${0})",
  default  => 'other',
}
$num = 3 ? { Integer[1, 5] => 'low', default => 'high' }
$list = 'b' ? { ['a', 'b'] => 'in list', default => 'not' }
notify { 'selector': message => [$svc, $num, $list] }

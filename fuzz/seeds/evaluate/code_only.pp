$h = { 'a' => 1 } + { 'b' => [1, 2] }
$s = sprintf('%05d %s', 42, $h)
notice(regsubst('abc', /b/, 'x'))
$t = Hash[String, Integer]
notice(1 =~ $t, 'x' in ['x'], $h.keys.sort)

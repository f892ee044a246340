$r = with(1, 2) |$a, $b| { $a + $b }
$s = with('x') |$v| { "${v}${v}" }
notify { 'with': message => [$r, $s] }

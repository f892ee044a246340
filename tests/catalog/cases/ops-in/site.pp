$a = 'b' in ['a', 'b']
$b = 'B' in ['a', 'b']
$c = 'ell' in 'Hello'
$d = 'key' in { 'key' => 1 }
$e = /^b/ in ['abc', 'bcd']
$f = Integer in ['a', 1]
$g = 'ELL' in 'hello'
notify { 'in': message => [$a, $b, $c, $d, $e, $f, $g] }

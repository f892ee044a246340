$a = 'Hello' == 'hello'
$b = 'abc' != 'ABC'
$c = [1, 'A'] == [1, 'a']
$d = { 'k' => 'V' } == { 'k' => 'v' }
$e = 1 == 1.0
$f = undef == undef
$g = 'x' == undef
notify { 'eq': message => [$a, $b, $c, $d, $e, $f, $g] }

$a = 'abc' < 'abd'
$b = 'B' > 'a'
$c = 'abc' <= 'ABC'
$d = 10 > 9.5
$e = '10' < '9'
notify { 'cmp': message => [$a, $b, $c, $d, $e] }

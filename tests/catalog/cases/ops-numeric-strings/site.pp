$a = '10' + 5
$b = '3.5' * 2
$c = '0x1F' + 1
$d = '10' == 10
$e = '2' < '10'
$f = 1e3 + '1'
notify { 'numeric': message => [$a, $b, $c, $d, $e, $f] }

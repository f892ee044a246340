$a = true and false
$b = true or false
$c = !true
$d = !undef
$e = '' and true
$f = [] or false
$g = 0 and true
notify { 'logic': message => [$a, $b, $c, $d, $e, $f, $g] }

$a = -(3 + 2)
$b = - 3 * 2
$c = 2 + 3 == 5 and !(1 > 2)
$d = [1, 2, 3][1] * 10
notify { 'prec': message => [$a, $b, $c, $d] }

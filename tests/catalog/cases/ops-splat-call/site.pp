$args = ['%s-%s', 'a', 'b']
$s = sprintf(*$args)
$m = max(*[3, 9, 4])
notify { 'splat': message => [$s, $m] }

$rev = [1, 2, 3].reverse_each.map |$x| { $x }
$stepped = [1, 2, 3, 4, 5, 6, 7].step(3).map |$x| { $x }
$range = Integer[1, 10].step(4).map |$x| { $x }
$times = 3.map |$i| { $i * $i }
notify { 'iter': message => { 'rev' => $rev, 'stepped' => $stepped, 'range' => $range, 'times' => $times } }

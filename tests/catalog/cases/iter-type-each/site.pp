$acc = Integer[1, 3].map |$i| { $i * 10 }
notify { 'map': message => $acc }
Integer[4, 6].each |$i| { notify { "each ${i}": } }
Integer[0, 2].each |$idx, $v| { notify { "pair ${idx} ${v}": } }
$f = Integer[1, 10].filter |$i| { $i % 4 == 0 }
notify { 'filter': message => $f }
$r = Integer[1, 4].reduce |$m, $i| { $m + $i }
notify { 'reduce': message => $r }
$a = Array(Integer[3, 5])
notify { 'array': message => $a }
$rev = Integer[1, 3].reverse_each.map |$i| { $i }
notify { 'rev': message => $rev }
$wi = 3.map |$i| { $i }
notify { 'times': message => $wi }
$ew = Integer[7, 8].each |$x| { $x }
notify { 'each-returns': message => String($ew) }

$a = [1, 2, 3, 4, 5].step(2).map |$x| { $x * 10 }
$b = Array(Integer[1, 10].step(3))
$c = Array([1, 2, 3].reverse_each)
$d = [1, 2, 3].reverse_each.map |$x| { $x + 1 }
$e = Integer[1, 10].step(3).map |$x| { "n${x}" }
$f = [1, 2, 3, 4, 5, 6].reverse_each.step(2).map |$x| { $x }
$g = [1, 2, 3, 4, 5].step(2).reverse_each.map |$x| { $x }
$h = Array(5.reverse_each)
$i = { 'a' => 1, 'b' => 2 }.reverse_each.map |$x| { $x }
$j = Array('abc'.reverse_each)
$k = [1, 2, 3, 4].step(2).filter |$x| { $x > 1 }
notify { 'chains': message => { 'a' => $a, 'b' => $b, 'c' => $c, 'd' => $d, 'e' => $e, 'f' => $f, 'g' => $g, 'h' => $h, 'i' => $i, 'j' => $j, 'k' => $k } }
[1, 2, 3].reverse_each |$x| { notify { "rev ${x}": } }
[1, 2, 3, 4, 5].step(2) |$x| { notify { "step ${x}": } }
[1, 2, 3].reverse_each.each |$x| { notify { "chain ${x}": } }
$l = [10, 20, 30].reverse_each.each |$x| { $x }
$m = [10, 20, 30].step(2).reduce |$s, $x| { $s + $x }
$n = [10, 20, 30].reverse_each.each |$i, $x| { notify { "idx ${i} ${x}": } }
notify { 'more': message => { 'm' => $m, 'l' => String($l) } }

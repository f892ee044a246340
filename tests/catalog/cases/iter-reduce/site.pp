$sum = [1, 2, 3, 4].reduce |$memo, $x| { $memo + $x }
$sum10 = [1, 2, 3, 4].reduce(10) |$memo, $x| { $memo + $x }
$joined = { 'a' => 1, 'b' => 2 }.reduce('') |$memo, $pair| { "${memo}${pair[0]}${pair[1]}" }
$longest = ['aa', 'bbbb', 'c'].reduce |$m, $w| { if size($w) > size($m) { $w } else { $m } }
notify { 'reduce':
  message => [$sum, $sum10, $joined, $longest],
}

$list = ['a', 'b']
$nums = [1, 2, 3]
$y = 'b'
case $y {
  *$list: { notify { 'case matched': } }
  default: { notify { 'case no': } }
}
case 'z' {
  'q', *$list: { notify { 'case2 matched': } }
  default: { notify { 'case2 default': } }
}
case 2 {
  0, *$nums, 9: { notify { 'case3 matched': } }
  default: { notify { 'case3 default': } }
}
case 'B' {
  *$list: { notify { 'case4 case-insensitive': } }
  default: { notify { 'case4 default': } }
}
case [] {
  *[]: { notify { 'case5 empty splat': } }
  default: { notify { 'case5 default': } }
}
$s = $y ? { *$list => 'sel matched', default => 'sel no' }
$t = 'c' ? { *$list => 'sel2 matched', default => 'sel2 default' }
$u = 3 ? { *$nums => 'sel3 matched', default => 'sel3 default' }
$v = 'x' ? { *'x' => 'sel4 single', default => 'sel4 default' }
notify { 'sel': message => [$s, $t, $u, $v] }

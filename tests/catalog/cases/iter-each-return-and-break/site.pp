$r = [1, 2, 3, 4].map |$x| {
  if $x == 3 { next('three') }
  $x
}
$found = [5, 6, 7].each |$x| {
  if $x == 6 { break() }
  notify { "seen ${x}": }
}
notify { 'next': message => $r }

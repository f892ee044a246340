$x = 'outer'
$r = [1].map |$v| {
  $x2 = "${x}-inner"
  $x2
}
$shadow = [1].map |$x| { $x }
notify { 'lambda': message => [$r, $shadow, $x] }

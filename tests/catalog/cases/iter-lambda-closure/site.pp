$prefix = 'pre'
$r = ['a', 'b'].map |$x| {
  $local = "${prefix}-${x}"
  $local
}
class closure($base = 100) {
  $vals = [1, 2].map |$x| { $base + $x }
  notify { 'closure': message => $vals }
}
include closure
notify { 'outer': message => $r }

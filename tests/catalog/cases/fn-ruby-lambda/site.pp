# A lambda given to a module's Ruby function: `yield` and `block.call` run it where it was
# written (its variables), and what it declares is in the catalog.
$prefix = 'p'
class c {
  $suffix = 's'
  $r = m::each_twice(['a', 'b']) |$x| { "${prefix}${x}${suffix}" }
  notify { 'r': message => $r }
}
include c
$v = m::apply('q') |$a, $b| {
  notify { "n-${a}": }
  "${a}${b}"
}
notify { 'v': message => $v }
notify { 'w': message => m::apply('z') }

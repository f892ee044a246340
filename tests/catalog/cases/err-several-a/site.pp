# Several independent errors: Puppet stops at the first it meets (the node's, before the
# defines are evaluated); plint reports each, Puppet's first listed first.
define d1(Integer $n) { notify { "d1 ${title}": } }
d1 { 'a': n => 'x' }
notify { 'a': }
Notify['a'] -> File['/missing']
node default {
  $x = 1 + 'y'
  notify { 'in node': }
}

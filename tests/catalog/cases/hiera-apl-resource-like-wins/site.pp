class prio($a = 'default a', $b = 'default b', $c = 'default c') {
  notify { 'prio': message => [$a, $b, $c] }
}
class { 'prio': a => 'declared' }

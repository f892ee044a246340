class paramed($a = 1, $b = $a + 1, $c = "${a}-${b}") {
  notify { 'params': message => [$a, $b, $c] }
}
class { 'paramed': a => 10 }

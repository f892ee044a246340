if 'web-042.example.com' =~ /^(\w+)-(\d+)\./ {
  notify { 'captures': message => [$0, $1, $2] }
}
$m = 'abc' =~ /b/
$n = 'abc' !~ /z/
$t = 5 =~ Integer[1, 10]
$u = 'x' =~ Integer
notify { 'match-values': message => [$m, $n, $t, $u] }

$who = 'heredoc'
$a = @("END")
  Hello ${who}
    indented
  \tescaped tab
  | END
$b = @(END)
  No ${interpolation} here
  END
$c = @("END"/L)
  joined \
  line
  |- END
notify { 'heredoc': message => [$a, $b, $c] }

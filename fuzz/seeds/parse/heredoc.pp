$a = @("END":json/tn$)
  {"k": "${x}\t$y"}
  | END
$b = @(ONE) + @(TWO)
one
-ONE
two
  |- TWO
notice(@(E))
E

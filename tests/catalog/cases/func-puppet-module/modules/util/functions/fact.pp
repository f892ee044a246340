function util::fact(Integer $n) >> Integer {
  if $n <= 1 { 1 } else { $n * util::fact($n - 1) }
}

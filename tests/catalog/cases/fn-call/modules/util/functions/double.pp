function util::double(Integer $x, Integer $factor = 2) >> Integer {
  $x * $factor
}

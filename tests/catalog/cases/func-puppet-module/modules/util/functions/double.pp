function util::double(Integer $x) >> Integer {
  $x * 2
}

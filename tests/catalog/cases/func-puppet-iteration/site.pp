function local_sum(Array[Integer] $xs) >> Integer {
  $xs.reduce(0) |$m, $x| { $m + $x }
}
notify { 'squares': message => [util::squares([1, 2, 3]), local_sum([4, 5, 6])] }

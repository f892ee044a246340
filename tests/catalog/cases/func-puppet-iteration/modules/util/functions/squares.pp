function util::squares(Array[Integer] $xs) >> Hash[String, Integer] {
  $xs.reduce({}) |$memo, $x| { $memo + { "n${x}" => $x * $x } }
}

if 'a1' =~ /(\d)/ {
  $outer = $1
  if 'b2' =~ /(\d)/ {
    $inner = $1
  }
  $after = $1
}
$top_after = $1
notify { 'nesting': message => [$outer, $inner, $after, $top_after] }

$s = 'key=value'
if $s =~ /^(\w+)=(\w+)$/ {
  $k = $1
  $v = $2
}
case 'abc-123' {
  /^([a-z]+)-(\d+)$/: { $letters = $1 $digits = $2 }
  default: {}
}
notify { 'matches': message => [$k, $v, $letters, $digits] }

$id = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'
if $id =~ /^(a+\1?)+$/ {
  notice('an id')
}
$short = regsubst($id, /^(a+\1?)+$/, 'x')
$parts = split($id, /(a+\1?)+$/)

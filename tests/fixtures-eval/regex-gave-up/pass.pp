$id = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'
if $id =~ /^a+b$/ {
  notice('an id')
}
$short = regsubst($id, /^(a)\1+b$/, 'x')
$parts = split($id, /(?<=a)b/)

if $x =~ /^a\/b[0-9]+$/ and $y !~ /c
d/ { notice($0) }
$r = $a ? { /x/ => 1, default => 2 }
node /^web\d+\.example$/, 'db.example', default inherits base { }
case $z { /a/, [1, 2]: { } default: { } }

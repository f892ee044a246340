$list = [1, 2]
$list.each |$a, $b, $c| { }

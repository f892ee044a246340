Enum['a', 'b'].each |$x| { notify { "enum ${x}": } }
$m = Enum['x', 'y', 'z'].map |$i, $v| { "${i}=${v}" }
$r = Enum['p', 'q'].reverse_each.map |$v| { $v }
$s = Enum['b', 'c', 'a'].map |$v| { $v }
$a = Array(Integer[1, 3], true)
notify { 'enum': message => [$m, $r, $s, String($a)] }

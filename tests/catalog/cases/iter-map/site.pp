$doubled = [1, 2, 3].map |$x| { $x * 2 }
$keys = { 'a' => 1, 'b' => 2 }.map |$k, $v| { "${k}=${v}" }
$indexed = ['x', 'y'].map |$i, $v| { [$i, $v] }
notify { 'map':
  message => { 'doubled' => $doubled, 'keys' => $keys, 'indexed' => $indexed },
}

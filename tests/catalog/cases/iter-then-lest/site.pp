$h = { 'a' => { 'b' => 5 } }
$v1 = $h.dig('a', 'b').then |$x| { $x * 10 }
$v2 = $h.dig('a', 'z').then |$x| { $x * 10 }
$v3 = $h.dig('a', 'z').lest || { 'fallback' }
$v4 = $h.dig('a', 'b').lest || { 'fallback' }
notify { 'then-lest': message => [$v1, $v2, $v3, $v4] }

$data = { 'a' => [1, 2], 'b' => { 'c' => 3 } }
$paths = []
$out = $data.tree_each.map |$entry| { $entry[0] }
$leaves = $data.tree_each({ 'include_containers' => false }).map |$p, $v| { "${p}=${v}" }
notify { 'tree': message => { 'paths' => $out, 'leaves' => $leaves } }

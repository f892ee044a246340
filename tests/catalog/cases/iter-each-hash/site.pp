$h = { 'one' => 1, 'two' => 2, 'three' => 3 }
$h.each |$k, $v| { notify { "pair ${k}": message => $v } }
$h.each |$entry| { notify { "entry ${entry[0]}": message => $entry } }

$pairs = [1, 2, 3, 4, 5].slice(2)
[1, 2, 3, 4, 5, 6].slice(3) |$a, $b, $c| { notify { "triple ${a}": message => [$a, $b, $c] } }
$h = { 'a' => 1, 'b' => 2, 'c' => 3 }
$h.slice(2) |$chunk| { notify { "chunk ${chunk[0][0]}": message => $chunk } }
notify { 'slice': message => $pairs }

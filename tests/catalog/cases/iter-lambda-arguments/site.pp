with(1, 2) |$a| { notify { "with extra ${a}": } }
with(1) |$a, $b = 'dflt'| { notify { "with default ${a} ${b}": } }
with(1, 2, 3) |$a, *$rest| { notify { "with rest ${a} ${rest}": } }
$r = assert_type(String, 5) |$expected, $actual| { "expected ${expected}, got ${actual}" }
notify { 'assert': message => $r }
$m = { 'a' => 1 }.map |$pair| { $pair }
notify { 'pair': message => $m }

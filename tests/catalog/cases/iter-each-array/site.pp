$items = ['a', 'b', 'c']
$items.each |$x| { notify { "item ${x}": } }
$items.each |$i, $x| { notify { "indexed ${i}": message => $x } }
each([10, 20]) |$v| { notify { "fn-style ${v}": } }

$h = { 'b' => 2, 'a' => 1, 'c' => { 'd' => [10, 20] } }
notify { 'collections':
  message => [
    keys($h), values({ 'x' => 1 }), sort([3, 1, 2]), sort(['b', 'A', 'a']), unique([1, 1, 2]),
    flatten([1, [2, [3]]]), size([1, 2]), empty([]), empty(''), $h.dig('c', 'd', 1), get($h, 'c.d.0'),
    [1, 2, 3].reverse_each.map |$x| { $x }, [3, 1].sort |$a, $b| { compare($a, $b) }, {'a' => 1}.keys,
    [1, 2, 3].index(2), ['a', 'b'].any |$x| { $x == 'b' }, [1, 2].all |$x| { $x > 0 },
  ],
}

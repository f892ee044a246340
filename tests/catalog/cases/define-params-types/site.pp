define typed(
  Integer $count,
  Array[String] $names = [],
  Hash[String, Integer] $map = {},
  Optional[Enum['a', 'b']] $choice = undef,
) {
  notify { "typed ${title}": message => [$count, $names, $map, $choice] }
}
typed { 'one': count => 1, names => ['x'], map => { 'k' => 2 }, choice => 'a' }
typed { 'two': count => 2 }

# stdlib's to_yaml and to_json_pretty as Psych and Ruby's JSON write them: scalar styles,
# folding past 80 columns, literal blocks, nesting, empty collections, floats, unicode.
$long = 'a fairly long string of words that goes on and on past the eightieth column of the line'
$data = {
  'plain' => 'word',
  'quoted' => ['yes', 'no', 'true', '1.0', '0x1f', '017', '', ' lead', 'trail ', 'a: b', '#x', '- x', 'y', 'null', '~'],
  'long' => $long,
  'nested' => [{ 'k' => [1, 2.5, 1e20, -0.0] }, [], {}, [[1]], undef, true],
  'multi' => "line one\nline two\n",
  'multi_no_end' => "line one\nline two",
  'unicode' => 'café ☃',
  'escapes' => "tab\there",
  42 => 'integer key',
  'deep' => { 'a' => { 'b' => { 'c' => [] } } },
  'list_in_hash' => { 'l' => ['x', { 'm' => 'n' }] },
}
file { '/tmp/data.yaml':
  content => to_yaml($data),
}
file { '/tmp/data.json':
  content => to_json_pretty($data),
}
file { '/tmp/scalar.yaml':
  content => "${to_yaml('x')}${to_yaml(1)}${to_yaml([])}${to_yaml({})}${to_yaml($long)}",
}
file { '/tmp/compact.json':
  content => to_json($data),
}

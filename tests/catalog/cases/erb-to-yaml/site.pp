# `to_yaml` in a template as Psych writes it; a collection met twice is an alias in Psych
# (`&1`/`*1`), which plint leaves unknown.
$list = ['a', 'b c', '/path', 'yes', '1.5', '', 'it\'s']
$conf = {
  'name'    => 'x',
  'list'    => $list,
  'nested'  => { 'port' => 80, 'on' => true, 'none' => undef, 'empty' => [], 'e2' => {} },
  'text'    => "line one\nline two\n",
  'long'    => 'word word word word word word word word word word word word word word word word word word word word',
}
file { '/tmp/conf.yaml':
  content => inline_template('<%= @conf.to_yaml %>'),
}
$shared = { 'a' => $list, 'b' => $list }
notify { 'shared':
  message => inline_template('<%= @shared.to_yaml %>'),
}

$s = '  Hello World  '
notify { 'strings':
  message => [
    upcase('abc'), downcase('ABC'), capitalize('word'), strip($s), lstrip($s), rstrip($s),
    split('a,b,,c', ','), join(['x', 'y'], '-'), sprintf('%05.1f|%-4s|%x|%s', 3.14159, 'ab', 255, [1]),
    regsubst('foo.bar', '\.', '_', 'G'), regsubst('aaa', 'a', 'b'), 'abc'.size, chop('abc'), chomp("x\n"),
    'hello world'.split(/\s/), camelcase('some_name'), 'Ab'.length,
  ],
}

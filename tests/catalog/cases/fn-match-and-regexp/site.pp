notify { 'match':
  message => [
    'abc123'.match(/([a-z]+)(\d+)/), 'xyz'.match(/\d/), ['a1', 'b'].match(/\d/),
    regsubst('2024-01-05', '(\d+)-(\d+)-(\d+)', '\3/\2/\1'), 'a.b.c'.split('\.'),
  ],
}

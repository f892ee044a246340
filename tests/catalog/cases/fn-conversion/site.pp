notify { 'conversion':
  message => [
    Integer('0x10'), Integer('42'), Float('1.5'), String(12), String(1.0), Boolean('true'),
    Array({ 'a' => 1 }), Hash([['k', 'v']]), Integer(3.9), Numeric('7'), String(255, '%x'),
    Array('x', true), Integer.new('10'), type(42), type('x'), type([1, 'a']),
  ],
}

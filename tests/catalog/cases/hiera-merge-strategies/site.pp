notify { 'merges':
  message => {
    'first'  => lookup('users'),
    'unique' => lookup('users', Array[String], 'unique'),
    'hash'   => lookup('settings', Hash, 'hash'),
    'deep'   => lookup('settings', { 'merge' => 'deep' }),
  },
}

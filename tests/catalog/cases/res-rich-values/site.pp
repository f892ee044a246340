notify { 'rich':
  message => { 'regexp' => /ab+c/, 'type' => Integer[1, 2], 'ref' => File['/x'], 'default' => default },
}

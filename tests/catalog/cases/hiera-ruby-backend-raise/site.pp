notify { 'fine': message => lookup('other', undef, undef, 'dflt') }
notify { 'broken':
  message => lookup('broken'),
}

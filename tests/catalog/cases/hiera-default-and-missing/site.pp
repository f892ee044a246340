notify { 'defaults':
  message => [
    lookup('absent', undef, undef, 'the default'), lookup('present', String, 'first', 'unused'),
    lookup({ 'name' => 'absent2', 'default_value' => 7 }), lookup('nullval', Optional[String], undef, 'x'),
    lookup(['absent3', 'present']),
  ],
}

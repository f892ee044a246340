notify { 'numbers':
  message => [
    abs(-5), abs(-2.5), min(3, 1, 2), max(3, 1, 2), max('10', '9'), versioncmp('1.10', '1.9'),
    versioncmp('2.0', '2.0'), versioncmp('1.0a', '1.0'), 7 / 2.0, 10.0 / 4, floor(3.7), ceiling(3.2), round(2.5),
  ],
}

notify { 'formats':
  message => [
    sprintf('%d items', 3), sprintf('%.2f', 2.345), sprintf('%5s|', 'ab'), sprintf('%-5s|', 'ab'),
    sprintf('%o', 8), sprintf('%b', 5), sprintf('%e', 12345.678), sprintf('%%'), sprintf('%s', { 'a' => [1] }),
    sprintf('%<a>s-%<b>s', { 'a' => 1, 'b' => 2 }),
  ],
}

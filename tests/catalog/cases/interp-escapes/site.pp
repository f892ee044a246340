$v = 'x'
notify { 'escapes':
  message => ["tab\there", "nl\nhere", "dollar \$v", "quote \"q\"", 'single $v \n', "unicode \u{2713}", "back\\slash", 'it\'s'],
}

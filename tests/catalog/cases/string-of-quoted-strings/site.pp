# String() of collections writes their strings as Puppet's StringConverter quotes them: single
# quotes, or double quotes with escapes when a string holds a control character.
$strings = ["a\nb", "it's", 'a\b', 'end\\', "tab\there", "bell\u0007", "\$x \"q\" \\ '", 'plain', '', "ü"]
notify { 'array':
  message => String($strings),
}
notify { 'hash':
  message => String({ "k\n" => "v\t", 'k2' => ['x\y'] }),
}
notify { 'interpolated':
  message => "${strings}",
}

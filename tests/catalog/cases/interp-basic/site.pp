$who = 'world'
$h = { 'k' => ['v0', 'v1'] }
notify { 'interp':
  message => "Hello ${name}, ${h['k'][1]}, ${1 + 2}, ${name.upcase}, $who!, ${facts['os']['family']}, ${::hostname}",
}
notify { "title ${name}": }

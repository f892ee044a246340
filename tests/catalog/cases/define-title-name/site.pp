define named($path = $title) {
  notify { "named ${title}": message => [$title, $name, $path] }
}
named { 'first': }
named { 'second': path => '/custom' }
named { ['third', 'fourth']: }

define thing($value = 'default') {
  $derived = "${title}:${value}"
  notify { "thing ${title}": message => [$title, $name, $value, $derived, $module_name] }
}
thing { 'one': }
thing { 'two': value => 'given' }

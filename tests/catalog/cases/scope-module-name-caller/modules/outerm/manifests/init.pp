class outerm {
  innerm::thing { 'x': }
  notify { 'outerm': message => [$module_name, $caller_module_name] }
}

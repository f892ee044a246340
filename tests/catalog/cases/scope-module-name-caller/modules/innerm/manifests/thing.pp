define innerm::thing() {
  notify { "thing ${title}": message => [$module_name, $caller_module_name, $name] }
}

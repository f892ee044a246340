class named_class {
  notify { 'names': message => [$title, $name] }
}
include named_class

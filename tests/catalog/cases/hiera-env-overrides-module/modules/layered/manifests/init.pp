class layered($value, $other) {
  notify { 'layered': message => [$value, $other] }
}

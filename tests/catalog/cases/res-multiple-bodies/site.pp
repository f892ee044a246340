notify {
  'first': message => 1;
  'second': message => 2;
}

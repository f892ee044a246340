class table(
  $with_default = 'default value',
  Optional[String] $opt = undef,
  $given_undef = 'default kept',
) {
  notify { 'table': message => [$with_default, $opt, $given_undef] }
}
class { 'table':
  given_undef => undef,
}

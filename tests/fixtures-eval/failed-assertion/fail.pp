class app (String $mode = 'safe') {
  assert_type(Enum['safe', 'careful'], $mode)
  unless $facts['os']['family'] in ['RedHat', 'Suse'] {
    fail("app: ${facts['os']['family']} is not supported")
  }
}
include app

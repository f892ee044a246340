class app (String $mode = 'safe') {
  assert_type(Enum['safe', 'careful'], $mode)
  if $facts['os']['family'] == 'Windows' {
    fail('app does not support Windows')
  }
}
include app

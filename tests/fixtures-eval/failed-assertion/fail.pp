class app (String $mode = 'fast') {
  assert_type(Enum['safe', 'careful'], $mode)
}
include app

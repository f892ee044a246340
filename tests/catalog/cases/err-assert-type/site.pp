$v = 'not a number'
$n = assert_type(Integer, $v)

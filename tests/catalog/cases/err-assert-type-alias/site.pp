type Port = Integer[1, 65535]
$n = assert_type(Port, 70000)

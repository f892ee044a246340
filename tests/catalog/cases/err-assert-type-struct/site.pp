$h = { "a" => "x" }
$n = assert_type(Struct[{a => Integer}], $h)

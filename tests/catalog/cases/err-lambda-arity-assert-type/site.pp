$r = assert_type(Integer, 1) |$expected| { 0 }

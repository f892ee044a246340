$n = assert_type(Array[String, 2], ["x"])

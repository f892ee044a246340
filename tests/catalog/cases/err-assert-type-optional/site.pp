$n = assert_type(Optional[String], 3)

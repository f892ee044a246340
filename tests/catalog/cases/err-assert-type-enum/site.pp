$n = assert_type(Enum["a", "b"], "c")

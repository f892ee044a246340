$x = upcase(1, 2, 3)

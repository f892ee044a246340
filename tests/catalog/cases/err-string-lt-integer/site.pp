$a = 'abc' < 5

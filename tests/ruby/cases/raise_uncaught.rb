x = 1
raise ArgumentError, "the value #{x} is wrong" if x == 1

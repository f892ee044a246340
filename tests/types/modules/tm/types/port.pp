type Tm::Port = Integer[0, 65535]

type Mytypes::Port = Integer[1, 65535]

type Tm::Pong = Variant[Integer, Array[Tm::Ping]]

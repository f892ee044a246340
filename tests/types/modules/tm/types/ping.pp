type Tm::Ping = Variant[String, Array[Tm::Pong]]

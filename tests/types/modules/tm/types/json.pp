type Tm::Json = Variant[String, Integer, Float, Boolean, Undef, Array[Tm::Json], Hash[String, Tm::Json]]

type Tm::Tree = Variant[Integer, Array[Tm::Tree]]

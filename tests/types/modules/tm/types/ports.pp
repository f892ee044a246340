type Tm::Ports = Array[Tm::Port]

type Tm::Conf = Struct[{name => Tm::Name, Optional[port] => Tm::Port}]

type Tm::Opt = Optional[Tm::Name]

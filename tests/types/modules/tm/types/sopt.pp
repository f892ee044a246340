type Tm::Sopt = Struct[{a => Tm::Opt, b => Integer}]

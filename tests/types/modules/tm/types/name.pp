type Tm::Name = String[1]

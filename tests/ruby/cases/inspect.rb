["tab\there", "quote\"s", "back\\slash", "nl\n", "uni é ü", "\e[0m", "\u0001", :"with space", :"a=", :a?, :+, :[],
 { 1 => { "x" => [nil] } }, 1.0 / 3, -0.0, 2.0e-10, 12345678901234567.0, 1e16, 1e15, [1.5, 2.0]].inspect

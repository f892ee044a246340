$vals = [1.0, 0.1 + 0.2, 1e-5, 123456789012.0, 10 / 3, 10.0 / 3, -0.0, 0x7FFFFFFFFFFFFFFF]
notify { 'numbers': message => $vals }
notify { 'as strings': message => $vals.map |$v| { "${v}" } }

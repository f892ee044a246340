$kinds = [1, 'two', 3.0, true, undef, [1]].map |$v| { type($v, 'generalized') }
notify { 'types': message => String($kinds) }

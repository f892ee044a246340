define e() {}
e { 'a': before => E['b'] }
e { 'b': before => E['c'] }
e { 'c': before => E['a'] }

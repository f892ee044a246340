[1, 2].each |String $x| { notify { $x: } }

notify { 'x': message => $not_defined }

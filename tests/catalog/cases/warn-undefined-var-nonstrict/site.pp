notify { 'x': message => "value: [${not_defined}]" }
notify { 'y': message => $also_missing }

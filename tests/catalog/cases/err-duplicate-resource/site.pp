notify { 'same': message => 1 }
notify { 'other': }
notify { 'same': message => 2 }

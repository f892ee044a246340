class known { $v = 1 }
include known
notify { 'x': message => $known::missing }

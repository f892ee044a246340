$chars = 'abc'.map |$c| { $c.upcase }
$joined = ['x', 'y', 'z'].join
notify { 'strings-iter': message => [$chars, $joined] }

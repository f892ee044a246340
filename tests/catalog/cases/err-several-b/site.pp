# Several independent errors: the defines are evaluated before the relationships are checked.
define d2(String $s) { notify { "d2 ${title}": } }
notify { 'a': }
Notify['a'] -> File['/missing']
d2 { 'b': s => 1 }

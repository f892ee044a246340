class web { tag 'frontend' }
include web
$w = tagged('web')
$f = tagged('frontend')
$n = tagged('nothing')
notify { 'tagged': message => [$w, $f, $n] }

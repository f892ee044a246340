$a = if true { 'yes' } else { 'no' }
$b = unless true { 'u' }
$c = case 3 { 3: { 'three' } default: { 'other' } }
$d = if false { 1 }
notify { 'values': message => [$a, $b, $c, $d] }

$a = Integer[1, 2] < Integer
$b = String == String
$c = Integer <= Numeric
$d = Array[Integer] > Array[Integer]
$e = Enum['a', 'b'] < String
notify { 'types': message => [$a, $b, $c, $d, $e] }

# Type inference: literals, variables, operators, calls, lambdas, narrowing.

$i = 3 # revealed: Integer[3, 3]
$f = 2.5 # revealed: Float[2.5, 2.5]
$b = true # revealed: Boolean[true]
$s = 'text' # revealed: String
$u = undef # revealed: Undef
$r = /a+/ # revealed: Regexp[/a+/]
$a = [1, 'x'] # revealed: Tuple[Integer[1, 1], String]
$h = { 'port' => 80 } # revealed: Struct[{'port' => Integer[80, 80]}]
$e = [] # revealed: Array[0, 0]
$t = Integer[1, 3] # revealed: Type[Integer[1, 3]]

# variables keep the type of what was assigned
$copy = $i # revealed: Integer[3, 3]
$first = $a[0] # revealed: Integer[1, 1]
$port = $h['port'] # revealed: Integer[80, 80]
$fact = $facts # revealed: Hash[String, Any]

# operators
$sum = $i + 1 # revealed: Integer
$mixed = $i * 1.5 # revealed: Float
$cmp = $i < 4 # revealed: Boolean
$neg = -$i # revealed: Integer[-3, -3]

# calls: the first signature that accepts the arguments gives the return type
$parts = split('a,b', ',') # revealed: Array[String]
$n = length('abc') # revealed: Integer
$bad = 1 + 'a' # error: [P116]

class infer_types(
  Integer[1, 65535] $listen = 80,
  Variant[String, Integer] $v = 'x',
  Hash[String, Integer] $limits = {},
) {
  $p = $listen # revealed: Integer[1, 65535]

  # iteration lambdas type their parameters from the collection
  $limits.each |$name, $limit| {
    $k = $name # revealed: String
    $l = $limit # revealed: Integer
    notice($k, $l)
  }
  [1, 2].each |$x| {
    $y = $x # revealed: Variant[Integer[1, 1], Integer[2, 2]]
    notice($y)
  }

  # narrowing where the code tests a type
  if $v =~ String {
    $narrowed = $v # revealed: String
  }
  case $v {
    Integer: {
      $as_int = $v # revealed: Integer
    }
    default: { }
  }

  # conditionals as values: the common type of the branches
  $c = $listen ? { 80 => 'http', default => 'https' } # revealed: Enum['http', 'https']
}

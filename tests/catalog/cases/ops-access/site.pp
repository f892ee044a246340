$s = 'Hello world'
$arr = [10, 20, 30, 40, 50]
$h = { 'a' => { 'b' => 'c' } }
notify { 'access':
  message => [$s[0], $s[0, 5], $s[-5, 5], $s[6, -1], $arr[1], $arr[-1], $arr[1, 2], $arr[-2, 2], $h['a']['b'], $h['z']],
}
$t = Integer[1, 5]
notify { 'type-access': message => [String($t), String(Array[String]), String(Optional[Integer])] }

$evens = [1, 2, 3, 4, 5, 6].filter |$x| { $x % 2 == 0 }
$big = { 'a' => 1, 'b' => 20, 'c' => 30 }.filter |$k, $v| { $v > 10 }
$words = ['apple', 'banana', 'avocado'].filter |$w| { $w =~ /^a/ }
notify { 'filter':
  message => { 'evens' => $evens, 'big' => $big, 'words' => $words },
}

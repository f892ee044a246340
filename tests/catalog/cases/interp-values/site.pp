$arr = [1, 'two', [3]]
$h = { 'a' => 1 }
$f = 2.50
$u = undef
$bool = true
$big = 1e20
notify { 'values':
  message => "arr=${arr} h=${h} f=${f} u=[${u}] b=${bool} big=${big} type=${Integer[1,2]} re=${/ab+/}",
}

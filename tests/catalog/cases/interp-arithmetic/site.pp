$x = 4
$f = 1.5
$h = { 'n' => 7 }
notify { 'arith':
  message => "a ${2.5 * 2} b ${1 + 2} c ${$x * 3} d ${10 / 4} e ${10.0 / 4} f ${-$x} g ${$x % 3} h ${$f * 2} i ${$h['n'] - 10} j ${0.1 + 0.2} k ${1e3 * 1} l ${0x10 + 1} m ${$x << 2} n ${7 - 2 * 3} o ${($x + 1) * 2}",
}
notify { "title ${$x * 2}": }
$s = "${'5' + 1}/${'2.5' * 2}"
notify { 'numstr': message => $s }

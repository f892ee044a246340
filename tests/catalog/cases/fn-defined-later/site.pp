$x = 1
$c_early = defined(Class['later'])
$c_early_name = defined('later')
$d_early = defined('mydef')
$t_early = defined(Mydef)
$v_early = defined('$x')
$v_missing = defined('$nope')
$v_later = defined('$y')
$y = 2
class later { }
define mydef() { }
$r_before = defined(Notify['n'])
notify { 'n': }
$r_after = defined(Notify['n'])
include later
$c_after = defined(Class['later'])
$builtin = defined(File)
$builtin_s = defined('file')
$fn = defined('notice')
$pfn = defined('myfn')
$tfn = defined('template')
function myfn() { 1 }
$missing = defined('nosuchclass')
$multi = defined('nosuchclass', 'later')
notify { 'result':
  message => {
    'c_early' => $c_early, 'c_early_name' => $c_early_name, 'd_early' => $d_early, 't_early' => $t_early,
    'v_early' => $v_early, 'v_missing' => $v_missing, 'v_later' => $v_later, 'r_before' => $r_before,
    'r_after' => $r_after, 'c_after' => $c_after, 'builtin' => $builtin, 'builtin_s' => $builtin_s,
    'fn' => $fn, 'pfn' => $pfn, 'tfn' => $tfn, 'missing' => $missing, 'multi' => $multi,
  },
}

# Unused variables and parameters: only where provably unused.

class unused (Integer $port = 80) {
  # class variables may be read elsewhere as `$unused::x`
  $derived = $port + 1
  {'a' => 1}.each |$key, $value| { # positional: not unused
    notice($value)
  }
  {'a' => 1}.each |$_key, $value| {
    notice($value)
  }
  [1].each |$i| {
    $tmp = $i # warning: [P114]
    notice($i)
  }
  $mapped = [1].map |$i| {
    $result = $i * 2
  }
  notice($mapped)
}

define unused::site (
  String $root,
  String $owner, # warning: [P115]
  String $_compat = '',
) {
  $mode = '0644' # warning: [P114]
  $_scratch = 1
  file { $root: ensure => file }
}

define unused::templated (String $path, String $setting) {
  $derived = "${setting}!"
  file { $path: content => template('unused/t.erb') }
}

define unused::inline (String $path, String $setting) {
  file { $path: content => inline_epp('<%= $setting %>') }
}

function unused::f(Integer $a, Integer $b) >> Integer { # warning: [P115]
  $twice = $a * 2 # warning: [P114]
  $a + 1
}

function unused::g(Integer $a) >> Integer {
  $value = $a * 2
}

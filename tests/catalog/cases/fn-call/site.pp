# call() reaches Puppet-language functions, built-in functions and compiler functions.
$fn = 'util::double'
notify { 'calls':
  message => [
    call($fn, 21), call('util::double', 5, 3), call('upcase', 'abc'), call('md5', 'x'),
    call('map', [1, 2, 3]) |$x| { $x * 10 }, call('call', 'size', [1, 2]),
  ],
}
call('include', 'util')

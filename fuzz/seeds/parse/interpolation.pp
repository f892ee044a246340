$s = "a $x b ${y} c ${z[1]['k']} d ${x.map |$v| { $v * 2 }} e ${ $a + 1 } \$ \" \u{1F600} \u00e9"
$t = 'single \' \\ $notvar'
notice("${::fqdn}-${facts['os']['family']}")

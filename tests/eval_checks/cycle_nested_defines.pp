define inner() { file { "/in/${title}": } }
define outer() { inner { "${title}-1": } inner { "${title}-2": require => Inner["${title}-1"] } }
outer { 'o': }
File['/in/o-2'] -> Inner['o-1']

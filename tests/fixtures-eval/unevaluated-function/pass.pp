# Functions plint evaluates, and functions written in Puppet.
$names = ['web1', 'web2'].map |$n| { "${n}.example.com" }
$joined = join($names, ',')
notice($joined)

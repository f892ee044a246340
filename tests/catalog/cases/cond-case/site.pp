$osname = $facts['os']['name']
case $osname {
  'RedHat', 'CentOS': { $pkg = 'httpd' }
  /^(Debian|Ubuntu)$/: { $pkg = "apache2-${1}" }
  default: { $pkg = 'unknown' }
}
case 5 {
  Integer[1, 3]: { $size = 'small' }
  Integer[4, 9]: { $size = 'medium' }
  default: { $size = 'other' }
}
case ['a', 'b'] {
  ['a', 'b']: { $arr = 'array match' }
  default: { $arr = 'no' }
}
case 'x' {
  'y': { $none = 'y' }
}
notify { 'case': message => [$pkg, $size, $arr, $none] }

class undeft($from_hiera = 'default', $given_undef = 'default', $no_data = 'default') {
  notify { 'undef-table': message => [$from_hiera, $given_undef, $no_data] }
}
class { 'undeft': given_undef => undef, no_data => undef }
define dtype($p = 'define default') {
  notify { "dtype ${title}": message => $p }
}
dtype { 'd': }

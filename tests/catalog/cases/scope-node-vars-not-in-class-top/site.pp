$top = 'T'
node default {
  $nodevar = 'N'
  class { 'reader': }
}
class reader {
  notify { 'reader': message => [$top, $nodevar, defined('$nodevar')] }
}

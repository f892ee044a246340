class present_class {}
include present_class
notify { 'exists': }
define mydef() {}
$x = 1
notify { 'defined':
  message => [
    defined(Class['present_class']), defined(Class['absent']), defined(Notify['exists']),
    defined(Notify['nope']), defined('mydef'), defined('$x'), defined('$nope'), defined('notify'),
    defined(File), defined('present_class'),
  ],
}

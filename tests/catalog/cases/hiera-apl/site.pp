class ntpish(Array[String] $servers = [], Boolean $enabled = false, String $mode = 'client') {
  notify { 'ntpish': message => [$servers, $enabled, $mode] }
}
include ntpish

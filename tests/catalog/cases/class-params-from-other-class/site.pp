class defaults {
  $port = 22
}
class sshd($port = $defaults::port) inherits defaults {
  notify { 'sshd': message => $port }
}
include sshd

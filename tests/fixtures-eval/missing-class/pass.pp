class profile::ntp {
  notice('ntp')
}
class profile::base {
  contain profile::ntp
}
include profile::base

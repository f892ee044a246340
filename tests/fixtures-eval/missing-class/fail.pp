class profile::base {
  contain profile::ntp
}
include profile::base

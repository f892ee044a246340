class ntp {
  $servers = ['0.pool.ntp.org']
}
class ntp::config {
  notice($server)
}
include ntp
include ntp::config

class ntp {
  $servers = ['0.pool.ntp.org']
}
class ntp::config {
  notice($ntp::servers)
}
include ntp
include ntp::config

class outer { contain inner  file { '/o': } }
class inner { file { '/i': require => File['/t'] } }
include outer
file { '/t': require => Class['outer'] }

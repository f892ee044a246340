# A collector's `tag ==` matches the tags a resource takes from its containers (a define's
# type and title, its class), before they are merged at the end (foreman's dynflow workers).
define worker($n) {
  service { "w-${n}": ensure => running }
}
class r {}
include r
worker { 'one': n => 1 }
Class['r'] -> Service <| tag == 'worker' |>
Notify <| tag == 'm' |> ~> Service['w-1']
class m { notify { 'mm': } }
include m

package { ['p1', 'p2']: ensure => installed, tag => 'grp' }
package { 'p3': ensure => installed }
Package <| tag == 'grp' |> { ensure => latest }

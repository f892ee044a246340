package { ['p1', 'p2']: ensure => installed }
service { ['s1', 's2']: ensure => running }
Package <| |> -> Service <| |>

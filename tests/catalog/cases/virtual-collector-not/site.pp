@user { 'u1': ensure => present, shell => '/bin/bash' }
@user { 'u2': ensure => present, shell => '/bin/zsh' }
@user { 'u3': ensure => absent }
User <| shell != '/bin/zsh' |>

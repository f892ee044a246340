@service { 'web': ensure => running, enable => true }
@service { 'db': ensure => running }
Service <| title == 'web' |> { ensure => stopped }

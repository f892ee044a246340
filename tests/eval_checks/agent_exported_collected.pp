@@file { '/v': tag => 'x' }
@@file { '/w': }
File <| tag == 'x' |>
file { '/b': require => [File['/v'], File['/w']] }

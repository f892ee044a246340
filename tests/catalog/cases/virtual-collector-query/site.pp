@package { 'vim': ensure => installed, tag => ['editors'] }
@package { 'emacs': ensure => absent, tag => ['editors'] }
@package { 'curl': ensure => installed }
@package { 'wget': ensure => installed }
Package <| tag == 'editors' and ensure == 'installed' |>
Package <| title == 'curl' or title == 'nothing' |>

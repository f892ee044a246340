class fuzz { file { '/x': } file { '/x': } $y = $undefined + 1 ; Undefinedtype { 'a': } }
include fuzz
class { 'fuzz::server': port => "80" }

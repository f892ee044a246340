class c($p = 1) {}
include c
class { 'c': p => 2 }

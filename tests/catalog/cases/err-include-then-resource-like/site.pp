class rl($p = 1) {}
class { 'rl': p => 1 }
class { 'rl': p => 2 }

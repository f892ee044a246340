class typed(Integer $port) {}
class { 'typed': port => 'eighty' }

class hiera_typed(Integer $port = 80) {}
include hiera_typed

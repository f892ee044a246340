define dtyped(Boolean $flag) {}
dtyped { 'x': flag => 'yes' }

class typed_default(Integer $port = 'eighty') {}
include typed_default

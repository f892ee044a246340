# The downcase flag of fqdn_rand lower-cases the fqdn before seeding.
notify { 'as-is':
  message => [fqdn_rand(60, 'x'), fqdn_rand(60, 'x', false), fqdn_rand(1000)],
}
notify { 'downcased':
  message => [fqdn_rand(60, 'x', true), fqdn_rand(1000, undef, true)],
}
notify { 'rotate':
  message => fqdn_rotate(['a', 'b', 'c', 'd', 'e', 'f', 'g']),
}

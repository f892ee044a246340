# An undefined variable: Puppet 8 (`strict_variables = true`) fails, Puppet 7 warns.
notify { 'port':
  message => "listening on ${listen_port}",
}

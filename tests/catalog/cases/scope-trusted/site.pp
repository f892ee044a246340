# $trusted as a server sets it for an agent's certificate, whole and by key.
notify { 'trusted':
  message => String($trusted),
}
notify { "${trusted['hostname']} in ${trusted['domain']}": }

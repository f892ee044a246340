# facts: {"fqdn": "node.example.com", "os": {"family": "Solaris", "name": "Solaris"}}
unless $facts['os']['family'] in ['Debian', 'RedHat'] {
  fail(translate('This module does not support %{os}.', { 'os' => $facts['os']['name'] }))
}

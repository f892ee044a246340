# facts: {"fqdn": "node.example.com", "os": {"family": "Debian", "name": "Debian", "release": {"major": "12"}}}
# Every fact the code reads is in the facts; a variable that is no fact is P212's business.
case $facts['os']['family'] {
  'Debian': { $pkg = 'ntp' }
  default: { $pkg = 'ntpd' }
}
$major = $facts['os']['release']['major']
notice($not_a_fact)

# facts: {"fqdn": "node.example.com", "os": {"family": "Debian", "name": "Debian"}}
# A hand-written facts file with structured facts only, for a module that reads legacy ones.
class legacy_reader {
  case $::osfamily {
    'Debian': { $pkg = 'ntp' }
    default: { $pkg = 'ntpd' }
  }
  $major = $facts['os']['release']
}
include legacy_reader

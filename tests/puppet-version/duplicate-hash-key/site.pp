# A duplicate key in a hash literal: Puppet 8 (`strict = error`) fails, Puppet 7 warns.
$ports = { 'http' => 80, 'http' => 8080 }
notify { 'ports':
  message => "${ports['http']}",
}

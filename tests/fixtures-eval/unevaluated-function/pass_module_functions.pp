# Module Ruby functions plint evaluates: `role()` declares its class as in Puppet.
role('web')
$hosts = legacy_hosts()
notice($hosts)

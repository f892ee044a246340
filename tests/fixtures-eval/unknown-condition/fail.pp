# What a PuppetDB query returns is not known without a Puppet server.
$role = puppetdb_query('facts[value] { name = "role" and certname = "web1" }')
case $role {
  'web': { notice('web server') }
  default: { notice('other') }
}

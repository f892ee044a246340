$role = $facts['hostname'].split('-')[0]
case $role {
  'web': { notice('web server') }
  default: { notice('other') }
}

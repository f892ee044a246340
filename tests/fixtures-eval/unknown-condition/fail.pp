$role = inline_template('<%= @hostname.split("-").first %>')
case $role {
  'web': { notice('web server') }
  default: { notice('other') }
}

class scoped {
  $setting = 'class setting'
  notify { 'epp-scope': message => epp('scoped/vars.epp') }
}

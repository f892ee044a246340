$top_var = 'from top scope'
notify { 'interp':
  message => [lookup('app_dir'), lookup('host_line'), lookup('aliased'), lookup('literal_text'), lookup('scoped')],
}

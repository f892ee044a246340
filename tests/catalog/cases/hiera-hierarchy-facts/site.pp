notify { 'levels':
  message => [lookup('level'), lookup('os_only'), lookup('role_key'), lookup('common_only')],
}

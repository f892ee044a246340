@@file { '/tmp/exported':
  ensure => file,
  tag    => 'shared',
}
@@notify { 'exported notify': message => 'ex' }
notify { 'normal': }

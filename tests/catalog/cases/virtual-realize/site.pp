@user { 'alice': ensure => present, uid => 1001 }
@user { 'bob': ensure => present, uid => 1002 }
@user { 'carol': ensure => present }
realize(User['alice'])
realize([User['bob']])

user { 'u': name => 'bob', require => Group['g'] }
group { 'g': name => 'staff', require => User['bob'] }

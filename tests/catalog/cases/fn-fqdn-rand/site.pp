# fqdn_rand seeds Ruby's Random with the MD5 of "fqdn:max:seed"; cron schedules use it.
file { '/etc/cron.d/backup':
  content => "${fqdn_rand(60)} ${fqdn_rand(24, 'backup')} * * * root /usr/local/bin/backup\n",
}
file { '/etc/cron.d/report':
  content => "${fqdn_rand(60, 'report')} ${fqdn_rand(4, 'gitolite')} * * ${fqdn_rand(7, 'report', true)} root /bin/report\n",
}
notify { 'fqdn_rand':
  message => [
    fqdn_rand(1), fqdn_rand(2, 'a'), fqdn_rand(1000, 42), fqdn_rand(100000, 'x'),
    fqdn_rand(4294967296, 'big'), fqdn_rand(9223372036854775807, 'max'), fqdn_rand('30'),
    fqdn_rand(30, ['a', 'b']), fqdn_rand(30, 2.5), fqdn_rand(60, 'x', false),
  ],
}
notify { 'stdlib':
  message => [
    fqdn_rand_string(12), fqdn_rand_string(8, 'abcdef0123456789', 'salt'),
    fqdn_rotate(['a', 'b', 'c', 'd', 'e']), fqdn_rotate('abcdefgh', 'x'), fqdn_rotate([1, 2, 3], 'y', 'z'),
    seeded_rand(100, 'seed'), seeded_rand_string(10, 'seed'), seeded_rand_string(6, 'seed', 'xy'),
  ],
}

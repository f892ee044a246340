notify { ['a', 'b', 'c']: message => 'shared' }
$more = ['d', 'e']
file { $more.map |$x| { "/tmp/${x}" }: ensure => directory }

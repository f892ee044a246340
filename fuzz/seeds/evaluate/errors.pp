define d($x = 1) {}
d { 'a': y => 2 }
d { 'a': }
file { '/a': require => File['/missing'] }
notify { 'n1': before => Notify['n2'] }
notify { 'n2': before => Notify['n1'] }
@user { 'virtual': }
realize(User['nobody'])
$u = $undefined_variable
assert_type(Integer, 'x') |$e, $a| { notice($e) }
class { 'missing_class': }
if $facts['unknown_fact'] { fail('never') }
%%
---
fqdn: db1.example.com
os:
  family: Debian

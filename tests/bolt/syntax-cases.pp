# Constructs Puppet 7 accepts (plain, or with --tasks as for plans), and a few it rejects:
# each `#### name` section is validated as a file of its own by scripts/oracle/bolt-oracle.sh,
# and tests/bolt.rs checks that plint reports a syntax error (P001) on none that Puppet accepts.

#### c001: file { '/a':, ensure => file }
file { '/a':, ensure => file }
#### c002: file { '/a':; }
file { '/a':; }
#### c003: file { '/a': ensure => file,; '/b': ; }
file { '/a': ensure => file,; '/b': ; }
#### c004: File { , }
File { , }
#### c005: class { 'a':, x => 1 }
class { 'a':, x => 1 }
#### c006: $x = [1,2,3,]
$x = [1,2,3,]
#### c007: $h = { 'a' => 1, }
$h = { 'a' => 1, }
#### c008: notice(1,)
notice(1,)
#### c009: $x = $y ? { default => 1, }
$x = $y ? { default => 1, }
#### c010: case $x { 'a', 'b': { } default: { } }
case $x { 'a', 'b': { } default: { } }
#### c011: if $x { } elsif $y { } else { }
if $x { } elsif $y { } else { }
#### c012: unless $x { } else { }
unless $x { } else { }
#### c013: $x = Integer[1,2,]
$x = Integer[1,2,]
#### c014: $f = "${x['a']['b']}"
$f = "${x['a']['b']}"
#### c015: $f = "${facts['os']['family']}"
$f = "${facts['os']['family']}"
#### c016: $f = "${x.map |$y| { $y }}"
$f = "${x.map |$y| { $y }}"
#### c017: $g = @(END)
$g = @(END)
  hello
  | END
#### c018: $g = @("END"/L)
$g = @("END"/L)
  hello $x\
  world
  | END
#### c019: notice(@(A), @(B))
notice(@(A), @(B))
a
|A
b
|B
#### c020: $x = -1
$x = -1
#### c021: $x = - $y
$x = - $y
#### c022: $x = !$y
$x = !$y
#### c023: $x = *[1,2]
$x = *[1,2]
#### c024: $x = $a[1,2]
$x = $a[1,2]
#### c025: $x = $a[-1]
$x = $a[-1]
#### c026: $x = 'a' in ['a']
$x = 'a' in ['a']
#### c027: $x = $a =~ /^a/
$x = $a =~ /^a/
#### c028: $x = Hash[String, Integer] =~ Type
$x = Hash[String, Integer] =~ Type
#### c029: $x = $y.then |$z| { $z }
$x = $y.then |$z| { $z }
#### c030: $x = [1].reduce(0) |$m, $v| { $m + $v }
$x = [1].reduce(0) |$m, $v| { $m + $v }
#### c031: function a::b(Integer $x, *$rest) >> Integer { $x }
function a::b(Integer $x, *$rest) >> Integer { $x }
#### c032: type A::B = Variant[String, Integer]
type A::B = Variant[String, Integer]
#### c033: type A::C = Object[{attributes => { a => Integer }}]
type A::C = Object[{attributes => { a => Integer }}]
#### c034: define a::d($x = 1) { }
define a::d($x = 1) { }
#### c035: node 'a.b.c', /x/, default { }
node 'a.b.c', /x/, default { }
#### c036: node default inherits 'a' { }
node default inherits 'a' { }
#### c037: class a::e inherits a { }
class a::e inherits a { }
#### c038: Package <| title == 'a' and tag == 'b' |> { ensure => latest
Package <| title == 'a' and tag == 'b' |> { ensure => latest }
#### c039: Package <<| |>>
Package <<| |>>
#### c040: @file { '/x': }
@file { '/x': }
#### c041: @@file { '/y': }
@@file { '/y': }
#### c042: File['/a'] -> File['/b'] ~> Service['c']
File['/a'] -> File['/b'] ~> Service['c']
#### c043: File['/a'] <- File['/b'] <~ Service['c']
File['/a'] <- File['/b'] <~ Service['c']
#### c044: $x = File['/a']
$x = File['/a']
#### c045: File['/a'] { mode => '1' }
File['/a'] { mode => '1' }
#### c046: file { ['/a', '/b']: }
file { ['/a', '/b']: }
#### c047: file { default: mode => '1'; '/a': }
file { default: mode => '1'; '/a': }
#### c048: file { '/a': * => $h }
file { '/a': * => $h }
#### c049: $x = { 'a' => 1 } + { 'b' => 2 }
$x = { 'a' => 1 } + { 'b' => 2 }
#### c050: $x = $y << 1
$x = $y << 1
#### c051: $x = 1 % 2
$x = 1 % 2
#### c052: $x = 0x1F + 0777 + 1e3 + 1.5e-3
$x = 0x1F + 0777 + 1e3 + 1.5e-3
#### c053: $x = $::facts
$x = $::facts
#### c054: $x = $::a::b
$x = $::a::b
#### c055: $x = $a::b
$x = $a::b
#### c056: include a, b
include a, b
#### c057: require a
require a
#### c058: contain a
contain a
#### c059: realize(File['/a'])
realize(File['/a'])
#### c060: $x = Sensitive('a')
$x = Sensitive('a')
#### c061: $x = Timestamp.new()
$x = Timestamp.new()
#### c062: $x = String(1)
$x = String(1)
#### c063: $x = Integer.new('1')
$x = Integer.new('1')
#### c064: $x = Deferred('a', [])
$x = Deferred('a', [])
#### c065: $x = $h.dig('a', 'b')
$x = $h.dig('a', 'b')
#### c066: $x = $y ? { /a/ => 1, [1,2] => 2, default => 3 }
$x = $y ? { /a/ => 1, [1,2] => 2, default => 3 }
#### c067: $x = $a.each |$k, $v| { }
$x = $a.each |$k, $v| { }
#### c068: $x = [$a, $b] = [1, 2]
$x = [$a, $b] = [1, 2]
#### c069: [$a, $b] = [1, 2]
[$a, $b] = [1, 2]
#### c070: $x = "\u{1F600}"
$x = "\u{1F600}"
#### c071: $x = 'a\'b'
$x = 'a\'b'
#### c072: $x = "a${b}c$d"
$x = "a${b}c$d"
#### c073: $x = "${::x}"
$x = "${::x}"
#### c074: $x = "${x}"
$x = "${x}"
#### c075: notice("${a[0]}")
notice("${a[0]}")
#### c076: $x = "$a::b"
$x = "$a::b"
#### c077: $x = /a\/b/
$x = /a\/b/
#### c078: $x = 1 + 2 * 3 - 4 / 5
$x = 1 + 2 * 3 - 4 / 5
#### c079: $x = ($a)
$x = ($a)
#### c080: notice ($a)
notice ($a)
#### c081: notice $a
notice $a
#### c082: $x = undef
$x = undef
#### c083: $x = default
$x = default
#### c084: $x = true and false or !true
$x = true and false or !true
#### c085: $x = Enum[a, b]
$x = Enum[a, b]
#### c086: $x = Struct[{a => Integer, Optional[b] => String}]
$x = Struct[{a => Integer, Optional[b] => String}]
#### c087: $x = Callable[[Integer, 1, 2], Integer]
$x = Callable[[Integer, 1, 2], Integer]
#### c088: function a::f() { return() }
function a::f() { return() }
#### c089: function a::g() { }
function a::g() { }
#### c090: $x = $a.map |$x| { next($x) }
$x = $a.map |$x| { next($x) }
#### c091: $x = $a.with |$x| { break() }
$x = $a.with |$x| { break() }
#### c092: notice(:: a)
notice(:: a)
#### c093: $x = ::a::b()
$x = ::a::b()
#### c094: $x = Foo::Bar
$x = Foo::Bar
#### c095: $x = Resource[file]
$x = Resource[file]
#### c096: $x = Class[a]
$x = Class[a]
#### c097: class { '::a': }
class { '::a': }
#### c098: $x = 'a' == 'A'
$x = 'a' == 'A'
#### c099: $x = [1,2][0]
$x = [1,2][0]
#### c100: $x = { a => 1 }['a']
$x = { a => 1 }['a']
#### c101: $x = $a[1][2]
$x = $a[1][2]
#### c102: $x = $a.b.c
$x = $a.b.c
#### c103: $x = $a.b(1).c |$z| { }
$x = $a.b(1).c |$z| { }
#### c104: $x = @("X")
$x = @("X")
  ${a}
  | X
#### c105: $x = 1 ; $y = 2
$x = 1 ; $y = 2
#### c106: $x = if $a { 1 } else { 2 }
$x = if $a { 1 } else { 2 }
#### c107: $x = case $a { default: { 1 } }
$x = case $a { default: { 1 } }
#### c108: $x = unless $a { 1 }
$x = unless $a { 1 }
#### c109: plan a::p() { }
plan a::p() { }
#### c110: plan a::p2 { }
plan a::p2 { }
#### c111: plan a::p3(TargetSpec $t) { $r = apply($t) { } return $r }
plan a::p3(TargetSpec $t) { $r = apply($t) { } return $r }
#### c112: plan a::p4(TargetSpec $t) { apply($t, _catch_errors => true)
plan a::p4(TargetSpec $t) { apply($t, _catch_errors => true) { notify { 'x': } } }
#### c113: plan a::p5(TargetSpec $t) { $f = run_command('ls', $t).first
plan a::p5(TargetSpec $t) { $f = run_command('ls', $t).first.value }
#### c114: plan a::p6(TargetSpec $t) { apply($t) { Notify { message => 
plan a::p6(TargetSpec $t) { apply($t) { Notify { message => 'x' } notify { 'y': } -> notify { 'z': } } }
#### c115: plan a::p7(TargetSpec $t) { apply($t) { include a } }
plan a::p7(TargetSpec $t) { apply($t) { include a } }
#### c116: plan a::p8(TargetSpec $t) { apply($t) { node default { } } }
plan a::p8(TargetSpec $t) { apply($t) { node default { } } }
#### c117: plan a::p9(TargetSpec $t) { $x = apply($t) { } .ok }
plan a::p9(TargetSpec $t) { $x = apply($t) { } .ok }
#### c118: plan a::p10(TargetSpec $t,) { }
plan a::p10(TargetSpec $t,) { }
#### c119: plan a::p11(Optional[TargetSpec] $t = undef, Hash $h = {}) {
plan a::p11(Optional[TargetSpec] $t = undef, Hash $h = {}) { }
#### c120: plan a::p12() { $x = background('n') || { 1 } wait($x) }
plan a::p12() { $x = background('n') || { 1 } wait($x) }
#### c121: plan a::p13() { run_plan('a::p', { 'x' => 1 }) }
plan a::p13() { run_plan('a::p', { 'x' => 1 }) }
#### c122: plan a::p14() { ctrl::do_until('limit' => 5) || { true } }
plan a::p14() { ctrl::do_until('limit' => 5) || { true } }
#### c123: plan a::p15() { out::message('a') log::info('b') }
plan a::p15() { out::message('a') log::info('b') }
#### c124: plan a::p16($t) { parallelize([1]) |$i| { $i } }
plan a::p16($t) { parallelize([1]) |$i| { $i } }
#### c125: plan a::p17() { $x = apply('localhost') { file { '/a': } } }
plan a::p17() { $x = apply('localhost') { file { '/a': } } }
#### c126: plan a::p18() { catch_errors(['bolt/run-failure']) || { } }
plan a::p18() { catch_errors(['bolt/run-failure']) || { } }
#### c127: plan a::p19() { apply(get_targets('all'), '_noop' => true, '
plan a::p19() { apply(get_targets('all'), '_noop' => true, '_description' => 'd') { } }
#### x001: file { $d:, ensure => directory }
file { $d:, ensure => directory }
#### x002: file { '/a': , , }
file { '/a': , , }
#### x003: apply() { }
apply() { }
#### x004: plan a::x() { $r = apply('localhost') { } .ok_set }
plan a::x() { $r = apply('localhost') { } .ok_set }
#### x005: plan a::y() { apply('localhost') { } notify { 'a': } }
plan a::y() { apply('localhost') { } notify { 'a': } }

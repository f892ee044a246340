# Cases for Puppet's validator and plint's P3xx rules, one per `#### name` section:
# `case-*` are constructs near the rules' edges; `<rule>-fail-N` are the paragraphs of
# tests/fixtures/<rule>/fail.pp and `<rule>-pass` its pass.pp, as they were when this
# file was written. scripts/oracle/validate-corpus.sh validates each section as a file of
# its own; tests/validator_parity.rs compares. Lines count from the section's first line.
#### case-000
class a { if $x { notice(1) } elsif $y { } }
#### case-001
class a { if $x { } else { } }
#### case-002
class a { unless $x { notice(1) } }
#### case-003
class a { case $x { 'a': { notice(1) } default: { } } }
#### case-004
class a { $x ? { 1 => 2 } }
#### case-005
class a { [$a, $b] = [1, 2] }
#### case-006
class a { $a = 1 $b = 2 $a }
#### case-007
class a { notice(1) ; }
#### case-008
node a { }
#### case-009
node a { include x 1 }
#### case-010
define d { $x.each |$y| { } }
#### case-011
define d { $x.each |$y| { 1 } }
#### case-012
define d { [1].map |$y| { 1 2 } }
#### case-013
function f() { 1 2 }
#### case-014
function f() { if true { 1 } }
#### case-015
$x = if true { 1 2 } else { 3 }
#### case-016
$x = case 1 { 1: { 2 3 } }
#### case-017
$x = [1].map |$y| { $y $y }
#### case-018
$x = "${ 1 2 }"
#### case-019
notice("${ $a $b }")
#### case-020
$x = { a => 1, b => 2, 'c' => 3, c => 4 }
#### case-021
$x = { 'a' => 1, "a" => 2 }
#### case-022
$x = { "a${b}" => 1, "a${b}" => 2 }
#### case-023
$x = { 1.0 => 1, 1.00 => 2 }
#### case-024
$x = { 0 => 1, -0 => 2 }
#### case-025
$x = { [1, [2]] => 1, [1, [2]] => 2 }
#### case-026
$x = { {a => 1, b => 2} => 1, {b => 2, a => 1} => 2 }
#### case-027
$x = { {a => 1} => 1, {a => 2} => 2 }
#### case-028
$x = { a-b => 1, 'a-b' => 2 }
#### case-029
$x = { @(E) => 1, 'x' => 2 }
x
E
#### case-030
file { ['a', 'a']: }
#### case-031
$h['a']['b'] = 1
#### case-032
$x = ($y = 1)
#### case-033
[$a, [$b, $c::d]] = [1, [2, 3]]
#### case-034
$x::y += 1
#### case-035
class a($x = [1].map |$v| { $w = $v }) { }
#### case-036
class a($x = { a => ($y = 1) }) { }
#### case-037
class a($x = "${y = 1}") { }
#### case-038
define d($name) { }
#### case-039
define d($Name) { }
#### case-040
class a($_name) { }
#### case-041
function f($title) { }
#### case-042
$x = $a::b::_c
#### case-043
$x = $::_c
#### case-044
$x = $_a
#### case-045
$x = $a__b
#### case-046
$x = $1
#### case-047
$x = "$1 $00"
#### case-048
node 'a.b.c', "d.e" { }
#### case-049
node /x/ inherits y { }
#### case-050
node 'a-b_c.d' { }
#### case-051
node "a\tb" { }
#### case-052
node 'a:b' { }
#### case-053
node 1.2.3 { }
#### case-054
node a.b.1 { }
#### case-055
class a { @@class { 'x': } }
#### case-056
@Class { 'x': }
#### case-057
User <| (a == 1) and (b != 2) |>
#### case-058
User <| a == 1 or b |>
#### case-059
User <| !(a == 1) |>
#### case-060
User <| true |>
#### case-061
User <| 1 |>
#### case-062
User <| undef |>
#### case-063
User <| a == b == c |>
#### case-064
User <| [1] |>
#### case-065
User <| a['x'] == 1 |>
#### case-066
$x = 9223372036854775807
#### case-067
$x = 0777777777777777777777
#### case-068
$x = 0x8000000000000000
#### case-069
$x = 1e400
#### case-070
type A = Integer
#### case-071
type A::B = Hash[String, A]
#### case-072
type a = Integer
#### case-073
type A = Integer[1] + 1
#### case-074
class a { }
#### case-075
class a::b { }
#### case-076
class a_b::c2 { }
#### case-077
class A { }
#### case-078
class a::B { }
#### case-079
define plan { }
#### case-080
class type { }
#### case-081
class unit { }
#### case-082
define object { }
#### case-083
function init() { }
#### case-084
function timestamp() { }
#### case-085
function error() { }
#### case-086
class data { }
#### case-087
class default { }
#### case-088
function f() >> Plan[1] { }
#### case-089
type A = Variant[Plan, Integer]
#### case-090
$x = [1, File <| |>]
#### case-091
$x = File <| |> + 1
#### case-092
$x = (File <| |>) -> (File <| |>)
#### case-093
File <| |> -> File <| |> -> Notify['a']
#### case-094
$x = !File <| |>
#### case-095
notice(!(File <| |>))
#### case-096
$r = Notify['x'] $r { message => 'a' }
#### case-097
Notify['x'] { message => 'a' }
#### case-098
notify { 'a': message => 'b', message => 'c' }
#### case-099
notify { 'a': message => 'b' ; 'b': message => 'c' }
#### case-100
notify { default: message => 'b' ; 'b': message => 'c' }
#### case-101
file { 'x': * => {}, mode => '1', * => {} }
#### case-102
File { * => {}, * => {} }
#### case-103
File['x'] { * => {}, * => {} }
#### case-104
$x = @(E:json)
  {"a": 1}
  | E
#### case-105
$x = @(E:json)
  {"a": 1
  | E
#### case-106
$x = @(E:json)
  {"a": "${b}"
  | E
#### case-107
$x = @(E:base64)
  aGk=
  | E
#### case-108
$x = @(E:base64)
  aGj=
  | E
#### case-109
$x = @(E:base64)
  a===
  | E
#### case-110
$x = @(E:pp)
  notice(1)
  | E
#### case-111
$x = @(E:pp)
  class { 
  | E
#### case-112
$x = @(E:x+json)
  [1,
  | E
#### case-113
$x = @(E:json+x)
  [1,
  | E
#### case-114
[1].each |$x, *$y| { }
#### case-115
[1].each |*$y| { }
#### case-116
[1].each |$a = 1, *$y| { }
#### append-or-delete-assignment-fail-1
$packages = ['curl']
$packages += ['wget']
$users -= ['guest']
class web {
  $options += { 'ssl' => true }
}
#### append-or-delete-assignment-pass
$base_packages = ['curl']
$packages = $base_packages + ['wget']
$users = $all_users - ['guest']
Service['nginx'] {
  require +> Package['nginx'],
}
#### assignment-in-parameter-default-fail-1
class web(Integer $port = ($default_port = 80)) { }
#### assignment-in-parameter-default-fail-2
define web::site(
  Array $names = [$first = 'a', 'b'],
  Hash $opts = { 'k' => ($v = 1) },
) { }
#### assignment-in-parameter-default-fail-3
function web::f($x = ($y = 1)) { $x }
#### assignment-in-parameter-default-fail-4
$list.each |$item, $index = ($start = 0)| {
  notice($item)
}
#### assignment-in-parameter-default-pass
class web(Integer $port = 80) { }

# Assignments inside a lambda in a default value are local to the lambda.
define web::site(
  Array $names = ['a', 'b'].map |$n| { $upper = upcase($n) $upper },
) { }

$list.each |$item, $index = 0| {
  $doubled = $index * 2
}
#### attribute-append-in-resource-fail-1
service { 'nginx':
  ensure  => running,
  require +> Package['nginx'],
}
#### attribute-append-in-resource-fail-2
File {
  mode +> '0644',
}
#### attribute-append-in-resource-fail-3
package { ['a', 'b']:
  tag +> 'extra';
'c':
  ensure => present,
}
#### attribute-append-in-resource-pass
service { 'nginx':
  require => Package['nginx'],
}

Service['nginx'] {
  require +> File['/etc/nginx/nginx.conf'],
}

User <| groups == 'admin' |> {
  groups +> ['wheel'],
}
#### collector-as-value-fail-1
$users = User <| groups == 'admin' |>
$list = [File <| |>, 'x']
$h = { 'a' => Package <| |> }
file { '/tmp/x':
  require => (Package <| tag == 'base' |>),
}
#### collector-as-value-pass
User <| groups == 'admin' |>
User <| groups == 'admin' |> -> Service['sshd']
Service['sshd'] <- Package <| tag == 'ssh' |>
notice(File <| |>)
#### cross-scope-assignment-fail-1
$::apache::port = 8080
$::top_level = 'x'
class web {
  $nginx::params::worker_processes = 4
  [$ok, $other::value] = [1, 2]
}
#### cross-scope-assignment-pass
class web {
  $worker_processes = $nginx::params::worker_processes
  $port = $::apache::port
  [$a, $b] = [1, 2]
  $_private = 'x'
}
#### definition-ends-with-value-fail-1
class web {
  include nginx
  $port
}
#### definition-ends-with-value-fail-2
define web::site {
  if $facts['is_virtual'] { }
}
#### definition-ends-with-value-fail-3
node 'db1.example.com' {
  include postgresql
  "done"
}
#### definition-ends-with-value-fail-4
class web::params {
  $port = 80
  $port == 80
}
#### definition-ends-with-value-fail-5
class web::cases {
  case $role {
    'a': { 1 }
    default: { }
  }
}
#### definition-ends-with-value-pass
class web {
  include nginx
  $port = 80
}

define web::site {
  if $facts['is_virtual'] { include web::virtual }
}

class empty { }

class web::matched {
  $facts['hostname'] =~ /^web/
}

function web::value() { 42 }
#### definition-not-at-top-level-fail-1
# Definitions nested where Puppet does not allow them.
if $facts['os']['family'] == 'Debian' {
  class apt_tuning {
    # Only `apt_tuning` is misplaced: this one is in a class's body.
    class apt_tuning::inner { }
  }
}
#### definition-not-at-top-level-fail-2
define web::vhost($port = 80) {
  class web::vhost_helper { }
  define web::inner { }
}
#### definition-not-at-top-level-fail-3
node 'db1.example.com' {
  class db_local { }
}
#### definition-not-at-top-level-fail-4
$sites.each |$site| {
  define web::site_for { }
}
#### definition-not-at-top-level-fail-5
class outer {
  unless $facts['is_virtual'] {
    node 'hw.example.com' { }
  }
  case $role {
    'web': { define outer::by_role { } }
    default: { }
  }
}
#### definition-not-at-top-level-pass
# Classes may nest in classes; nodes and defined types may sit inside a class too.
class outer {
  class outer::inner {
    class outer::inner::deepest { }
    define outer::inner::res($x = 1) { }
  }
  node 'inside.example.com' { }
}

define top::level { }

node default {
  include outer
}
#### duplicate-attribute-fail-1
file { '/etc/motd':
  ensure => file,
  mode   => '0644',
  ensure => present,
}
#### duplicate-attribute-fail-2
user {
  'alice':
    shell => '/bin/zsh',
    shell => '/bin/bash',
    home  => '/home/alice',
    home  => '/srv/alice';
}
#### duplicate-attribute-fail-3
service { 'nginx':
  require => Package['nginx'],
  require => File['/etc/nginx.conf'],
}
#### duplicate-attribute-pass
file { '/etc/motd':
  ensure  => file,
  mode    => '0644',
  content => { 'mode' => 1, 'ensure' => 2 }.to_json,
}

user {
  'alice': shell => '/bin/zsh';
  'bob':   shell => '/bin/zsh';
}

# Attributes from a hash may repeat ones written out (the written ones win).
file { '/tmp/x':
  mode => '0600',
  * => $defaults,
}
#### duplicate-default-fail-1
case $facts['os']['family'] {
  'Debian': { $pkg = 'apache2' }
  default:  { $pkg = 'httpd' }
  default:  { fail('unsupported') }
}
#### duplicate-default-fail-2
case $role {
  'web', default, default: { }
}
#### duplicate-default-fail-3
$size = $facts['memory'] ? {
  'small' => 1,
  default => 2,
  default => 3,
  default => 4,
}
#### duplicate-default-pass
case $facts['os']['family'] {
  'Debian': { $pkg = 'apache2' }
  default:  { $pkg = 'httpd' }
}

$size = $facts['memory'] ? {
  'small'   => 1,
  'default' => 2,
  default   => 3,
}
#### duplicate-hash-key-fail-1
$ports = { 'http' => 80, 'https' => 443, 'http' => 8080 }
#### duplicate-hash-key-fail-2
$mixed = {
  'name'  => 'a',
  name    => 'b',
  "name"  => 'c',
}
#### duplicate-hash-key-fail-3
$numbers = { 1 => 'one', 0x1 => 'hex one', 01 => 'octal one' }
#### duplicate-hash-key-fail-4
notice(ensure => present, ensure => absent)
#### duplicate-hash-key-fail-5
$nested = {
  [1, 2]      => 'list',
  [1, 2]      => 'same list',
  { 'a' => 1 } => 'hash',
  { 'a' => 1 } => 'same hash',
  undef       => 'nothing',
  undef       => 'still nothing',
}
#### duplicate-hash-key-pass
$ports = { 'http' => 80, 'https' => 443 }

# Not literal, or not equal: Puppet does not compare these.
$dynamic = { $key => 1, $key => 2 }
$interpolated = { "${prefix}_a" => 1, "${prefix}_a" => 2 }
$types = { Integer => 1, Integer => 2 }
$numbers = { 1 => 'int', 1.0 => 'float', '1' => 'string' }
$negative = { -1 => 'a', -1 => 'b' }
$case = { 'Name' => 1, 'name' => 2 }
#### duplicate-parameter-fail-1
class ntp (String $server, $servers, Integer $server = 3) { }
#### duplicate-parameter-fail-2
define web::vhost($port, $docroot, $port = 80) { }
#### duplicate-parameter-fail-3
function web::f(Integer $x, String $x) { $x }
#### duplicate-parameter-pass
class ntp (String $server, $servers, Integer $port = 3) { }

# The same name in two lists is fine.
define web::vhost($port) { $list.each |$port| { notice($port) } }

# Puppet does not check lambdas (the last one wins).
$list.each |$x, $x| { notice($x) }
#### duplicate-resource-title-fail-1
file {
  '/etc/motd': content => 'hello';
  '/etc/motd': mode => '0644';
}
#### duplicate-resource-title-fail-2
package { ['curl', 'wget', 'curl']: ensure => installed }
#### duplicate-resource-title-fail-3
user {
  alice: ensure => present;
  'alice': shell => '/bin/zsh';
  default: ensure => present;
  default: shell => '/bin/bash';
}
#### duplicate-resource-title-pass
file { '/etc/motd':
  content => 'hello',
  mode    => '0644',
}
file { '/etc/motd.d': ensure => directory }

package { ['curl', 'wget']: ensure => installed }

user {
  default: ensure => present;
  'default': shell => '/bin/bash';
  "${prefix}a": ;
  "${prefix}a": ;
}
#### expression-without-effect-fail-1
$port + 1
notice('done')
#### expression-without-effect-fail-2
class web {
  warn 'disk almost full'
  $unused
  include web::install
}
#### expression-without-effect-fail-3
if $facts['is_virtual'] {
  'a string alone'
  notice('virtual')
}
#### expression-without-effect-fail-4
$list.each |$x| {
  $x * 2
  notice($x)
}
#### expression-without-effect-fail-5
define web::site {
  if $enabled { }
  file { '/tmp/x': }
}
#### expression-without-effect-pass
# The last statement of a block may be a value: it is the block's value.
$doubled = $list.map |$x| { notice($x) $x * 2 }
$v = if $a { 1 } else { 2 }

# Calls, matches, assignments and relationships have effects.
notice('a')
$facts['hostname'] =~ /^web/
$x = 1
Package['a'] -> Service['a']
$list.each |$i| { notice($i) }
include web
1
#### future-reserved-word-fail-1
class plan { }
function plan() { }
function mymod::run() >> Plan { undef }
type Mymod::Job = Plan
$list.map |$x| >> Plan[1] { $x }
#### future-reserved-word-pass
class deploy_plan { }
class mymod::plan { }
$p = Plan
function mymod::planner() >> String { 'x' }

# Nested, it is named `other::plan`.
class other {
  class plan { }
}
#### invalid-assignment-target-fail-1
$settings = { 'port' => 80 }
$settings['port'] = 8080
$matrix[0][1] = 'x'
[$a, $b['k']] = [1, 2]
[$c, 1] = [3, 4]
'literal' = 'value'
Foo = 1
($paren) = 2
#### invalid-assignment-target-pass
$defaults = { 'port' => 80 }
$settings = $defaults + { 'port' => 8080 }
[$a, $b] = [1, 2]
[$c, [$d, $e]] = [3, [4, 5]]
$f = $g = 6
$h = $settings['port']
#### invalid-collector-query-fail-1
User <| uid > 1000 |>
Package <| name =~ /^php/ |>
File <| tag in ['a', 'b'] |>
Service <| ensure == running and enable < 1 |>
Host <| f(1) |>
Mount <| "${x}" |>
#### invalid-collector-query-pass
User <| groups == 'staff' |>
Package <| tag != 'legacy' and (provider == 'apt' or provider == 'dpkg') |>
File <| |>
Service <| enable == true |> -> Exec['reload']
Host <| $condition |>
Host <| title |>
#### invalid-definition-name-fail-1
class Apache::Vhost_config { }
class _private { }
class ntp::_config { }
class ::ntp::service { }
define Web { }
function Mymod::Helper() { }
type ::Mymod::Port = Integer
class web-server { }
#### invalid-definition-name-pass
class apache::vhost_config { }
class ntp::config_2 { }
define web::site { }
function mymod::helper() { }
type Mymod::Port = Integer
type Mymod::Sub_type::X2 = String
#### invalid-heredoc-syntax-fail-1
$config = @(END:json)
  { "port": 8080, }
  | END
#### invalid-heredoc-syntax-fail-2
$data = @(END:application+json)
  [1, 2
  | END
#### invalid-heredoc-syntax-fail-3
$key = @(END:base64)
  aGVsbG8gd29ybGQ
  | END
#### invalid-heredoc-syntax-fail-4
$code = @(END:pp)
  notice('unclosed'
  | END
#### invalid-heredoc-syntax-pass
$config = @(END:json)
  { "port": 8080 }
  | END

$key = @(END:base64)
  aGVsbG8g
  d29ybGQ=
  | END

$code = @(END:pp)
  notice('fine')
  | END

# Interpolated text is checked only when the manifest runs.
$dynamic = @("END":json)
  { "port": ${port}, }
  | END

# No checker for these.
$yaml = @(END:yaml)
  a: [
  | END
#### invalid-node-name-fail-1
node "web-${facts['networking']['domain']}" { }
node 'web server' { }
node 'a', "b$suffix" { }
node a::b { }
node 'web/1' { }
#### invalid-node-name-pass
node 'web-1.example.com', web2.example.com, 'db_1' { }
node /^web-\d+\.example\.com$/ { }
node default { }
node "plain.example.com" { }
#### invalid-parameter-name-fail-1
define web::site(Integer $Port = 80, $hostName = 'x') { }
#### invalid-parameter-name-fail-2
class web($1) { }
#### invalid-parameter-name-fail-3
function web::f(String $Name) { $Name }
#### invalid-parameter-name-fail-4
$list.each |$Item| { notice($Item) }
#### invalid-parameter-name-pass
define web::site(Integer $port = 80, $host_name = 'x', $_internal = undef, $v2 = 2) { }

class web($a1, $b_2) { }

$list.each |$item, $_index| { notice($item) }
#### invalid-variable-name-fail-1
$Port = 80
notice($01)
notice("${02}")
notice("Running on $Hostname")
notice($apache::Params::port)
notice($_private::value)
notice($a::1)
#### invalid-variable-name-pass
$port = 80
notice($1, $10, $0)
notice($apache::params::port, $::fqdn, $::_top)
notice($apache::_private)
notice($_)
notice("${Integer}")
#### match-variable-assignment-fail-1
$0 = 'whole'
$1 = 'web'
[$role, $2] = ['db', 'x']
class web {
  $10 = 'ten'
}
#### match-variable-assignment-pass
if $facts['hostname'] =~ /^(\w+)-(\d+)$/ {
  $role = $1
  $index = $2
  $whole = $0
}
#### misplaced-captures-rest-fail-1
class web(*$options) { }
#### misplaced-captures-rest-fail-2
define web::site($name_prefix, *$rest) { }
#### misplaced-captures-rest-fail-3
$pairs.each |*$rest, $last| { notice($last) }
#### misplaced-captures-rest-fail-4
$list.reduce(0) |*$memo, $value| { $value }
#### misplaced-captures-rest-pass
$pairs.each |$first, *$rest| { notice($first) }

function web::concat(String *$parts) >> String { join($parts) }

class web(Array $options = []) { }
#### multiple-attribute-splats-fail-1
file { '/etc/motd':
  * => $defaults,
  * => $overrides,
}
#### multiple-attribute-splats-fail-2
user {
  'alice':
    * => $common,
    shell => '/bin/zsh',
    * => $extra,
    * => $more;
  'bob':
    * => $common;
}
#### multiple-attribute-splats-pass
file { '/etc/motd':
  * => $defaults + $overrides,
}

user {
  'alice': * => $common;
  'bob':   * => $common;
}
#### nested-function-or-type-fail-1
class mymod {
  function mymod::helper() >> String { 'x' }
  type Mymod::Port = Integer[1, 65535]
}
#### nested-function-or-type-fail-2
define mymod::site {
  type Mymod::Name = String[1]
}
#### nested-function-or-type-fail-3
if $facts['kernel'] == 'Linux' {
  function mymod::linux_only() { true }
}
#### nested-function-or-type-fail-4
node default {
  type Mymod::T { }
}
#### nested-function-or-type-pass
function mymod::helper() >> String { 'x' }
type Mymod::Port = Integer[1, 65535]

class mymod(Mymod::Port $port = 80) {
  $name = mymod::helper()
}
#### node-inheritance-fail-1
node 'base' {
  include ntp
}
#### node-inheritance-fail-2
node 'web1.example.com' inherits 'base' {
  include nginx
}
#### node-inheritance-fail-3
node /^db\d+$/ inherits base {
  include postgresql
}
#### node-inheritance-fail-4
node 'app1', 'app2' inherits default { }
#### node-inheritance-pass
class role::base {
  include ntp
}

node 'web1.example.com' {
  include role::base
  include nginx
}

# `inherits` on a class is fine.
class role::web inherits role::base { }
#### number-too-large-fail-1
$max_bytes = 18446744073709551615
$negative = -9223372036854775808
$hex = 0xFFFFFFFFFFFFFFFF
$octal = 01777777777777777777777
#### number-too-large-fail-2
# Puppet's lexer fails at the first.
$huge = 1e400
#### number-too-large-fail-3
$huger = -2.5e999
#### number-too-large-pass
$max = 9223372036854775807
$min = -9223372036854775807
$hex = 0x7FFFFFFFFFFFFFFF
$float = 18446744073709551615.0
$text = '18446744073709551615'
$big = 1.7e308
#### override-on-variable-fail-1
$motd = File['/etc/motd']
$motd { mode => '0600' }
$services { ensure => running }
#### override-on-variable-pass
File['/etc/motd'] { mode => '0600' }
Resource['file', '/etc/issue'] { mode => '0644' }
$refs[0] { mode => '0600' }
#### required-parameter-after-optional-fail-1
function mymod::greet(String $greeting = 'hello', String $name) >> String {
  "${greeting} ${name}"
}
#### required-parameter-after-optional-fail-2
function mymod::join(String *$parts, String $separator) { $separator }
#### required-parameter-after-optional-fail-3
$list.each |$index = 0, $item| { notice($item) }
#### required-parameter-after-optional-fail-4
$pairs.map |$k, $v = undef, $extra, $more| { $k }
#### required-parameter-after-optional-pass
function mymod::greet(String $name, String $greeting = 'hello') >> String {
  "${greeting} ${name}"
}

function mymod::join(String $separator, String *$parts) { $separator }

$list.each |$item, $index = 0| { notice($item) }

# Classes and defined types take parameters by name.
class mymod($port = 80, $host) { }
define mymod::site($port = 80, $docroot) { }

# An optional type without a default is still required.
function mymod::maybe(Optional[String] $a, String $b) { $b }
#### reserved-parameter-name-fail-1
define web::site(String $name, Integer $port = 80) { }
#### reserved-parameter-name-fail-2
class web($title = 'x') { }
#### reserved-parameter-name-fail-3
define web::both($title, $name) { }
#### reserved-parameter-name-pass
define web::site(String $site_name = $title, Integer $port = 80) {
  notice($name)
}

# Functions and lambdas may use these names.
function web::greet($name) { $name }
$list.each |$title| { notice($title) }
#### reserved-type-name-fail-1
class string { }
define integer { }
function any() { }
class semverrange { }
#### reserved-type-name-fail-2
# Puppet stops at the first redefinition of a type.
type Integer = String
#### reserved-type-name-fail-3
type Data = Hash
#### reserved-type-name-fail-4
type File = String
#### reserved-type-name-pass
class string_utils { }
define mymod::integer { }
function mymod::any() { }
type Mymod::Count = Integer[0]
type Unit = Integer
class data { }

# Nested, it is named `mymod::string`.
class mymod {
  class string { }
}
#### reserved-word-fail-1
$visibility = private
notice(attr)
$h = { attr => 1 }
file { private: }
#### reserved-word-pass
$visibility = 'private'
notice('attr')
# As attribute names they are fine.
mymod::thing { 'x':
  private => true,
  attr    => 1,
}
#### type-alias-not-a-type-fail-1
type Mymod::Port = 8080
type Mymod::Name = 'web'
type Mymod::List = [Integer, String]
type Mymod::Var = $other
#### type-alias-not-a-type-pass
type Mymod::Port = Integer[1, 65535]
type Mymod::Name = Pattern[/\A[a-z]+\z/]
type Mymod::Ref = Mymod::Port
type Mymod::Obj = Object[{ attributes => { name => String } }]
type Mymod::Short = { attributes => { name => String } }
type Mymod::Child = Mymod::Obj { attributes => { age => Integer } }
#### unsupported-type-definition-fail-1
type Mymod::Endpoint { }
#### unsupported-type-definition-fail-2
type Mymod::Child inherits Mymod::Endpoint {
  $host = 'localhost'
}
#### unsupported-type-definition-fail-3
type Foo[1] = Integer
type Runtime['ruby', [/^Mymod::(\w+)$/, 'Mymod::\1']] = Mymod::Thing
type Runtime['ruby', 'Mymod::Thing'] = [/^Mymod::(\w+)$/, 'Mymod::\1']
type Runtime['ruby', 'Mymod::Thing'] = 'Thing'
#### unsupported-type-definition-pass
type Mymod::Endpoint = Object[{ attributes => { host => String } }]
type Runtime['ruby', 'Mymod::Thing'] = Mymod::Thing
type Runtime['ruby', [/^Mymod::(\w+)$/, 'Mymod::\1']] = [/^Mymod::(\w+)$/, 'Mymod::\1']
#### virtual-class-fail-1
@class { 'nginx': }
@@class { 'monitoring::client':
  server => 'mon1',
}
#### virtual-class-pass
class { 'nginx': }
@user { 'alice': }
@@nagios_host { $facts['fqdn']: }
# A reference written with a capital is not checked by Puppet.
@Class { 'x': }

class foo (String $a = 'x', Optional[Integer[0]] $b = undef, *$rest) inherits foo::params {
  file { ['/a', '/b']:
    ensure => file,
    mode   +> '0644',
    *      => $attrs;
  default:
    owner => root;
  }
  @user { 'u': } -> @@host { 'h': tag => [a, b] } ~> Service['s'] <- Package<| title == 'p' and tag != x |>
  File { mode => '0600' }
  File['/a'] { owner => nobody }
  Host <<| tag == 'x' |>> { ensure => absent }
  class { 'bar': y => 1 }
  include a, b::c
}
define d::e ($x) { notify { $x: } }
function f::g(Integer $x, String *$r) >> Integer { $x + -1 * !true }
type My::T = Hash[String, Variant[Enum['a', 'b'], Pattern[/x/]]]
plan p ($t) { run_task('x', $t) }
$h = { 'a' => 1, b => [1, 0x1F, 0777, 1.5e3], } $arr = $h['a'][0]
unless $a in $b { } elsif_is_not_here()
$l = $x.filter |$k, $v| { $v }.map |$y| { $y }

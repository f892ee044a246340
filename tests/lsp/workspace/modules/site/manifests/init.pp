class site (Web::Mode $mode = 'static') {
  include web
  class { 'web::params': }
  $user = $web::params::user
  $next = web::port(80)
  notice(web::shout($user), $next, $mode)
  web_site { 'main': path => '/srv/main' }
  [1, 2].each |$i| { notice($i) }
}

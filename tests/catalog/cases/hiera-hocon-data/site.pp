# Hiera levels read with hocon_data (Puppet's HOCON data_hash backend, the `hocon` gem).
$keys = ['app::port', 'app::name', 'app::float', 'app::whole', 'app::exp', 'app::octal',
  'app::not_octal', 'app::flag', 'app::list', 'app::settings', 'app::owner', 'app::greeting',
  'app::paths', 'app::twice', 'app::text', 'app::interpolated']
$keys.each |$k| {
  notify { $k: message => lookup($k) }
}
notify { 'nothing': message => String(lookup('app::nothing', Any, 'first', 'default')) }
notify { 'types': message => [lookup('app::whole'), lookup('app::float'), lookup('app::port')].map |$v| { type($v, 'generalized') } }
notify { 'deep': message => lookup('app::settings', Hash, 'deep') }

$keys = ['files::a', 'files::b', 'files::c', 'files::shared', 'files::globbed', 'files::absolute',
  'files::children', 'files::entries', 'files::lines', 'files::raw_lines', 'files::env',
  'files::module', 'files::sizes', 'files::exists', 'files::interpolated', 'keys::module',
  'keys::gettext', 'keys::entries', 'keys::explain', 'keys::interpolate', 'keys::ruby',
  'ctxmod::who']
$keys.each |$k| {
  notify { $k: message => String(lookup($k)) }
}

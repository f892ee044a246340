class splat (
  Hash $settings = { 'env_reset' => undef, 'mailto' => { 'value' => 'root' } },
  Array $list = ['a', ['b', 'c']],
) {
  file { '/tmp/splat': content => template('splat/t.erb') }
}

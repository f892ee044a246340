file {
  default:
    ensure => file,
    owner  => 'root',
    mode   => '0644';
  '/tmp/one': ;
  '/tmp/two':
    mode => '0600';
  '/tmp/three':
    ensure => directory,
    owner  => 'nobody';
}

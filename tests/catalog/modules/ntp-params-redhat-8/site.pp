class { 'ntp':
  servers  => ['0.pool.example', '1.pool.example'],
  restrict => ['127.0.0.1'],
  iburst_enable => true,
}

include haproxy
haproxy::listen { 'web':
  collect_exported => false,
  ipaddress => $facts['networking']['ip'],
  ports     => '80',
}
haproxy::balancermember { 'web01':
  listening_service => 'web',
  server_names      => 'web01.example.com',
  ipaddresses       => '10.0.0.1',
  ports             => '8080',
}

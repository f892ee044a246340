class { 'apache': default_vhost => false }
apache::vhost { 'www.example.com':
  port    => 80,
  docroot => '/var/www/html',
}

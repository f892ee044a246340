class web {
  apache::vhost { 'www.example.com':
    port => 80,
  }
}
include web

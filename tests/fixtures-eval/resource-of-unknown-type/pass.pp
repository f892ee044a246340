define apache::vhost (Integer $port) {
  notice($port)
}
class web {
  apache::vhost { 'www.example.com':
    port => 80,
  }
}
include web

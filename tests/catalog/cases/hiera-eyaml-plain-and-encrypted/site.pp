class app(String $user, String $password, Hash $settings, Integer $port) {
  notify { "user ${user} port ${port} url ${settings['url']}": }
  file { '/etc/app.secret': content => $password }
  file { '/etc/app.token': content => $settings['token'] }
}
include app

class app::service {
  service { 'app': ensure => running }
  app::instance { ['one', 'two']: }
}

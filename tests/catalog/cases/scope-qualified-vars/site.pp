class settings_holder {
  $port = 8080
  $list = ['a', 'b']
}
class consumer {
  include settings_holder
  notify { 'qualified': message => [$settings_holder::port, $::settings_holder::list] }
}
include consumer

class once {
  notify { 'once': }
}
include once
include once
include ::once
class { 'second': }
class second {
  include once
}

class outer {
  Notify { message => 'from outer defaults' }
  include inner
  notify { 'in outer': }
}
class inner {
  notify { 'in inner': }
}
include outer
notify { 'at top': }

class first {
  notify { 'first': }
}
class second {
  require first
  notify { 'second': }
}
include second

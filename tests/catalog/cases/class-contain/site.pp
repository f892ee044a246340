class outer {
  contain inner
  notify { 'outer': }
}
class inner {
  notify { 'inner': }
}
include outer

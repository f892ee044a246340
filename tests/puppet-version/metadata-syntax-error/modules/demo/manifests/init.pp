# @summary A demo.
class demo {
  notify { 'demo': }
}

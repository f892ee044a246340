class base {
  $shared = 'from base'
  $over = 'base'
}
class child inherits base {
  $over = 'child'
  notify { 'inherits': message => [$shared, $over, $base::over] }
}
include child

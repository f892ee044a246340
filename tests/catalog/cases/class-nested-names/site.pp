class app::config::files {
  notify { 'nested': }
}
class app {
  include app::config::files
}
include app

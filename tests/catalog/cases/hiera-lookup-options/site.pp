class merged(Array $packages, Hash $config) {
  notify { 'merged': message => [$packages, $config] }
}
include merged

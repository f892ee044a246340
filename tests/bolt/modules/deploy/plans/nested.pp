# Puppet rejects an apply block inside another one, and a class defined in a plan's file.
# expect: P338
plan deploy::nested (TargetSpec $targets) {
  apply($targets) {
    apply($targets) { }
    node default { }
  }
}
class deploy::nested_class { }

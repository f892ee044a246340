# A resource outside an apply block: Puppet rejects the plan.
# expect: P338
plan deploy::resource (TargetSpec $targets) {
  package { 'nginx': ensure => installed }
  apply($targets) {
    package { 'nginx': ensure => installed }
  }
}

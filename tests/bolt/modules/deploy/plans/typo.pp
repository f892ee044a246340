# Puppet accepts the plan, but Bolt fails when it calls `run_tsk`.
# expect: P101
plan deploy::typo (TargetSpec $targets) {
  run_tsk('deploy::install', $targets, { 'version' => '1' })
}

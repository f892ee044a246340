# Puppet accepts the plan; Bolt refuses each `run_task` call.
# expect: P122
plan deploy::task_params (TargetSpec $targets) {
  run_task('deploy::install', $targets, { 'verison' => '1' })
  run_task('deploy::install', $targets, 'no version', {})
  run_task('deploy::install', $targets, { 'version' => '1', 'retries' => 'many' })
  run_task('deploy::uninstall', $targets)
  run_task('other::install', $targets)
}

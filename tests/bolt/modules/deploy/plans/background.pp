# Bolt's concurrency functions, targets' data and the bundled modules' functions.
# expect:
plan deploy::background (TargetSpec $targets) {
  $future = background('upload') || {
    upload_file('deploy/app.tgz', '/tmp/app.tgz', $targets)
  }
  $results = parallelize(get_targets($targets)) |$target| {
    $target.set_var('role', 'web')
    run_command("echo ${target.vars['role']} ${target.facts['os']}", $target)
  }
  wait([$future], 30, '_catch_errors' => true)
  $err = catch_errors(['bolt/run-failure']) || {
    run_script('deploy/check.sh', $targets, { 'arguments' => ['-v'] })
  }
  if $err =~ Error {
    log::warn($err.message)
  }
  ctrl::do_until('limit' => 3) || {
    wait_until_available($targets, 'wait_time' => 10).ok
  }
  if file::exists('/tmp/x') {
    out::verbose(file::read('/tmp/x'))
  }
  $env = system::env('HOME')
  return $results.length
}

# A plan in the style of Bolt's documentation: every step is valid.
# expect:
plan deploy::deploy (
  TargetSpec $targets,
  String[1] $version = '1.2.3',
  Boolean $noop = false,
) {
  $nodes = get_targets($targets)
  apply_prep($nodes)
  $installed = run_task('deploy::install', $nodes, 'Install the app', {
    'version' => $version,
    '_noop'   => $noop,
  })
  $installed.each |$result| {
    out::message("${result.target.name}: ${result.value}")
  }
  unless $installed.ok {
    fail_plan('install failed', 'deploy/install-failed', { 'failed' => $installed.error_set.names })
  }
  $applied = apply($nodes, '_catch_errors' => true, '_run_as' => 'root') {
    class { 'deploy':, version => $version }
    file { '/etc/app.conf':, ensure => file, content => "version=${version}\n" }
    Package['nginx'] -> File['/etc/app.conf']
  }
  $uptime = run_command('uptime', $nodes, '_catch_errors' => true)
  $first = $uptime.first
  if $first and $first.ok {
    out::message($first.value['stdout'])
  }
  run_task('deploy', $nodes)
  return $applied.ok_set.names
}

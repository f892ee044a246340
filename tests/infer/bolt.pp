# Bolt plans: Bolt's functions, types and apply blocks are known in a file that defines a plan.
plan infertest::bolt(TargetSpec $targets, Boolean $noop = false) {
  $all = get_targets($targets) # revealed: Array[Target]
  $one = get_target('web1') # revealed: Target
  $name = $one.name # revealed: Optional[String[1]]
  $rs = run_command('uptime', $all) # revealed: ResultSet
  $ok = $rs.ok # revealed: Boolean
  $first = $rs.first # revealed: Optional[Variant[Result, ApplyResult]]
  $names = $rs.names # revealed: Array[String[1]]
  $rt = run_task('other::install', $all, 'install', { 'version' => '1.2', '_noop' => $noop }) # revealed: ResultSet
  $ar = apply($all, '_catch_errors' => true) {
    package { 'nginx': ensure => installed }
  }
  $ar_copy = $ar # revealed: ResultSet
  $rt.each |$r| { out::message($r.target.name) }
  $report = $ar.first.report # revealed: Hash[String[1], Data]
  run_tsk('x', $all) # warning: [P101]
  $rs.frist # warning: [P101]
  $f = background() || { run_command('ls', $all) } # revealed: Future
  $st = $f.state # revealed: Enum['done', 'error', 'running']
  $ok_set = $rs.filter_set |$r| { $r.ok } # revealed: ResultSet
  out::message([$report, $name, $ok, $first, $names, $st, $ok_set, $ar_copy])
  return $ar.ok
}

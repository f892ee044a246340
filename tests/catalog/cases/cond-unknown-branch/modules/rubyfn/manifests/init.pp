class rubyfn {
  file { '/etc/rubyfn.conf':
    ensure => file,
  }
  $mode = rubyfn_pick('mode')
  if $mode == 'picked-mode' {
    $level = 'high'
    File['/etc/rubyfn.conf'] { mode => '0600' }
    notify { 'inside the branch': }
  } else {
    $level = 'low'
  }
  case rubyfn_pick('kind') {
    'picked-kind': { $kind = 'a' }
    default: { $kind = 'b' }
  }
  unless rubyfn_pick('x') == 'y' {
    $flag = true
  }
  notify { 'after':
    message => "${level} ${kind} ${flag}",
  }
}

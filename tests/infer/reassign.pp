# Puppet's variables are immutable: "Cannot reassign variable".

class reassign (Boolean $tls, Integer $port = 80) {
  $scheme = 'http'
  if $tls {
    $scheme = 'https' # error: [P113]
  }
  $port = 443 # error: [P113]

  # alternatives of one conditional are fine
  if $tls {
    $mode = 'tls'
  } elsif $port == 80 {
    $mode = 'plain'
  } else {
    $mode = 'other'
  }
  case $port {
    80:      { $proto = 'http' }
    443:     { $proto = 'https' }
    default: { $proto = 'tcp' }
  }
  $level = $tls ? {
    true    => 'high',
    default => 'low',
  }
  unless $tls {
    $cipher = 'none'
  } else {
    $cipher = 'aes'
  }

  # twice in one branch of a case, a selector or an if: both run when the branch does
  case $port {
    80: {
      $once = 'http'
      $once = 'https' # error: [P113]
    }
    default: { $once = 'tcp' }
  }
  $chosen = $port ? {
    80      => [$sel = 1, $sel = 2], # error: [P113]
    default => [$sel = 3],
  }
  if $tls {
    $twice = 1
    $twice = 2 # error: [P113]
  } else {
    $twice = 3
  }

  # two conditionals whose conditions may exclude each other
  if $tls { $extra = 1 }
  if !$tls { $extra = 2 }

  # nested: the inner assignment runs whenever the outer branch does
  if $tls {
    $key = 'a'
    if $port == 443 {
      $key = 'b' # error: [P113]
    }
  }

  # a lambda has its own scope
  [1].each |$i| {
    $scheme = "x${i}"
    $y = 1
    $y = 2 # error: [P113]
    notice($scheme, $y)
  }

  # destructuring assigns each name
  [$a, $b] = [1, 2]
  $b = 3 # error: [P113]

  notice($scheme, $mode, $proto, $level, $cipher, $extra, $key, $a, $b, $once, $chosen, $twice)
}

$top = 1
$top = 2 # error: [P113]

# a lambda's parameters belong to its scope (Puppet: "Cannot reassign variable '$x'")
[1].each |$x| {
  $x = 2 # error: [P113]
}

# `$title` and `$name` are set in classes too
class reassign::title {
  $title = 'other' # error: [P113]
}

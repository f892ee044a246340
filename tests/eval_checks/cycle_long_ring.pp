[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].each |$i| {
  $next = $i % 12 + 1
  file { "/r/${i}": before => File["/r/${next}"] }
}
file { '/r/5x': require => File['/r/5'], before => File['/r/9'] }

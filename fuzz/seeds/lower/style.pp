define fuzz::thing($ensure = present, $path) {
	$x = "double quoted without variables"   
  exec { "echo $path": command => "/bin/echo ${path}", path => '/bin' }
  case $ensure { present: { } }
  file { $path: ensure => link, target => '/tmp/x', owner => root }
  $list = [1,2,3,]
  $h = { 'a' => 1, 'bb' => 2 }
  # lint:ignore:140chars
  selector => $ensure ? { 'present' => true, default => false },
  # lint:endignore
}

class guarded($level) {
  if $level > 3 { fail('level too high') }
}
class { 'guarded': level => 5 }

define app::user (Enum['present', 'absent'] $ensure = 'present', Integer[1000] $uid = 1000) {
  notice($uid)
}
app::user { 'alice':
  uid => 1042,
}

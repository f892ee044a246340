define app::user (Integer $uid) {
  notice($uid)
}
app::user { 'alice':
  uid => 1042,
}

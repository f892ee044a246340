node 'someone.else' {
  notify { 'no': }
}
node default {
  notify { 'default': message => $trusted['hostname'] }
}

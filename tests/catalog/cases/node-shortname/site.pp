node 'node1' {
  notify { 'short name matched': }
}
node default {
  notify { 'default': }
}

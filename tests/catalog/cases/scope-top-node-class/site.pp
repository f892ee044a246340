$top = 'top value'
node default {
  $in_node = 'node value'
  include scoped
}
class scoped {
  notify { 'scoped':
    message => [$top, $::top, $in_node, $facts['hostname'], $::hostname, $trusted['certname'], $server_facts['servername']],
  }
}

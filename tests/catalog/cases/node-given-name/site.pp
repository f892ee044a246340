node /^db(\d+)\./ {
  notify { 'db node': message => [$1, $trusted['certname'], $trusted['domain'], $facts['clientcert']] }
}
node default {
  notify { 'default': }
}

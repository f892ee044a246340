# facts: {"fqdn": "node.example.com", "os": {"name": "Debian", "release": {"full": "12.5"}}, "operatingsystem": "Debian"}
# A template that reads a legacy fact the facts lack (they hold some legacy facts: no hint).
file { '/etc/motd':
  content => inline_template('This is a <%= @operatingsystem %> <%= @operatingsystemrelease %> node.'),
}

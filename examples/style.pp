# Style findings that `plint --fix` can fix: `plint --diff examples/style.pp` shows how.
node default {
  package { openssh-server:
    ensure => installed,
  }

  file { "/etc/motd":
    ensure => file,
    mode   => 644,
    content => "Welcome to $facts\n",
  }
}

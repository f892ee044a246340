class profile::db (
  String $host,
  String $user,
  String $password,
) {
  file { '/etc/app/db.conf':
    content => "host=${host}\nuser=${user}\n",
  }
  file { '/etc/app/db.secret':
    content => $password,
  }
}

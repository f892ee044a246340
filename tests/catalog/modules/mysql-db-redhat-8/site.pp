include mysql::server
mysql::db { 'app':
  user     => 'app',
  password => 'secret',
  host     => 'localhost',
  grant    => ['SELECT', 'UPDATE'],
}

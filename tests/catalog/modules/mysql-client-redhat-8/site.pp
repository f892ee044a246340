include mysql::client

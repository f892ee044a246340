$web_servers = puppetdb_query('nodes[certname] { facts { name = "role" and value = "web" } }')
$again = puppetdb_query('nodes[certname] {}')

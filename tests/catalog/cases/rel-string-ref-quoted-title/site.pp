# A reference written as a string keeps the title's own quotes (postgresql's OWNER TO titles).
$dbname = 'foreman'
$owner = 'foreman'
notify { "ALTER DATABASE \"${dbname}\" OWNER TO \"${owner}\"": }
notify { 'typed': before => Notify["ALTER DATABASE \"${dbname}\" OWNER TO \"${owner}\""] }
notify { 'string': before => "Notify[ALTER DATABASE \"${dbname}\" OWNER TO \"${owner}\"]" }

# A template's branch taken on a value plint does not know: its text is unknown, never the text
# of the other branch (foreman's database.yml lost its password line this way).
$stamp = clock::stamp()
file { '/tmp/config':
  content => epp('clock/config.epp', { 'password' => $stamp, 'items' => [$stamp] }),
}
file { '/tmp/known':
  content => epp('clock/config.epp', { 'password' => undef, 'items' => [] }),
}

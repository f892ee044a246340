$common = { 'ensure' => 'file', 'mode' => '0640' }
file { '/tmp/splat':
  owner => 'root',
  *     => $common,
}
$all = { 'message' => 'via splat' }
notify { 'splat': * => $all }

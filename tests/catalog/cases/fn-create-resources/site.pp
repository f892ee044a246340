$users = {
  'alice' => { 'uid' => 1001, 'shell' => '/bin/bash' },
  'bob'   => { 'uid' => 1002 },
}
create_resources('user', $users, { 'ensure' => 'present', 'managehome' => true })
define greeter($msg) { notify { "greet ${title}": message => $msg } }
create_resources(greeter, { 'g1' => { 'msg' => 'hi' } })

$top_var = 'from top'
node default {
  $node_var = 'from node'
  class { 'erbscope': list => ['b', 'a', 'c'], opts => { 'x' => 1, 'y' => [true, false] } }
}

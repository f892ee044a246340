node 'other.example.com' {
  notify { 'wrong node': }
}
node 'node1.example.com' {
  notify { 'right node': }
}
node default {
  notify { 'default node': }
}

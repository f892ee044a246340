node 'node1.example.com' {
  notify { 'node tags': }
}

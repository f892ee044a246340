node 'a.example.com', 'node1.example.com', 'b.example.com' {
  notify { 'in list': }
}

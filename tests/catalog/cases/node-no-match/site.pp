node 'other.example.com' {
  notify { 'other': }
}

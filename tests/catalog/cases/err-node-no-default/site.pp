node 'web1.example.com' { }
node /^db/ { }

node /^web\d+\.example\.com$/ {
  notice('web')
}
node 'db01.example.com' {
  notice('db')
}

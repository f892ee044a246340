node /^web\d+\.example\.com$/ {
  notice('web')
}
node /\.example\.com$/ {
  notice('any other node of example.com')
}

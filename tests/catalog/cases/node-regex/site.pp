node /^node(\d+)\.example\.com$/ {
  notify { 'regex node': message => "number ${1}" }
}
node default {
  notify { 'default node': }
}

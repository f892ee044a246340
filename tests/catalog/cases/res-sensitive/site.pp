$secret = Sensitive('s3cret')
file { '/tmp/secret':
  ensure  => file,
  content => $secret,
}
notify { 'unwrapped': message => $secret.unwrap.length }

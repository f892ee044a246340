# md5, sha1, sha256 and digest (sha256, Puppet's default digest_algorithm) of strings.
$user = 'app'
$hash = 'secret'
notify { 'digests':
  message => [
    md5("${hash}${user}"), sha1('abc'), sha256('abc'), digest('abc'), md5(''),
    sha256("line one\nline two\n"), md5('ünïcödé'),
  ],
}
file { '/etc/app/token':
  content => "md5${md5("${hash}${user}")}\n",
}
notify { 'uuid':
  message => fqdn_uuid($facts['networking']['fqdn']),
}

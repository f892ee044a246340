notify { 'forms':
  message => [
    "${facts['os']['release']['major']}", "${::os['family']}", "${facts[networking][fqdn]}",
    "${facts['processors']['count'] + 1}", "${trusted['hostname']}.${trusted['domain']}",
  ],
}

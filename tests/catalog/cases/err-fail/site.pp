notify { 'before': }
if $facts['os']['family'] == 'Debian' {
  fail("Unsupported OS: ${facts['os']['family']}")
}

unless $facts['os']['family'] == 'RedHat' {
  notify { 'not redhat': }
} else {
  notify { 'redhat': }
}
unless true { notify { 'no': } }

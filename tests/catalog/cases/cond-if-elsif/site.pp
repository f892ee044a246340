$n = 5
if $n > 10 {
  notify { 'big': }
} elsif $n > 3 {
  notify { 'medium': }
} else {
  notify { 'small': }
}
if $facts['os']['family'] == 'debian' { notify { 'debian-ci': } }
if undef { notify { 'never': } }
if '' { notify { 'empty string is true': } }

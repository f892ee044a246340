define wrap() { notify { "in ${title}": } }
wrap { 'a': require => Wrap['b'] }
wrap { 'b': require => Notify['in a'] }

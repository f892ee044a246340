notify { 'pos': message => sprintf('%2$s-%1$s', 'a', 'b') }
notify { 'posd': message => sprintf('%2$d|%1$05.1f|%2$x', 2.25, 42) }
notify { 'named': message => sprintf('%<name>s is %<age>d', { 'name' => 'bob', 'age' => 42 }) }
notify { 'named-width': message => sprintf('[%<name>-6s][%<n>+4d][%<f>.2f]', { 'name' => 'al', 'n' => 5, 'f' => 3.14159 }) }
notify { 'braces': message => sprintf('%{name}/%{n}', { 'name' => 'x', 'n' => 3 }) }
notify { 'star': message => sprintf('[%*d][%-*s]', 5, 42, 4, 'ab') }
notify { 'pct': message => sprintf('%1$s%%', 50) }

# Quotes inside a reference string are part of the title: there is no Notify['a'].
notify { 'a': }
notify { 'x': before => "Notify['a']" }

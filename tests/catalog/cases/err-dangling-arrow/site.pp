notify { 'a': }
Notify['a'] -> File['/does/not/exist']

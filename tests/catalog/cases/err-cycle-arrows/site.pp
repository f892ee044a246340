notify { 'x': } -> notify { 'y': } -> notify { 'z': }
Notify['z'] -> Notify['x']

# Hiera's glob locations are Ruby's Dir.glob: its order (b/c.yaml before b.yaml), no hidden
# names, braces in the order written.
notify { 'who': message => lookup('who') }
notify { 'list': message => String(lookup('list', Array, 'unique')) }
notify { 'hidden': message => lookup('hidden', String, 'first', 'not found') }

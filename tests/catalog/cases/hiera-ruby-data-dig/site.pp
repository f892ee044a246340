notify { 'tree': message => lookup('tree') }
notify { 'merged': message => lookup('tree', Hash, 'deep') }
notify { 'x': message => lookup('tree.deep.x') }
notify { 'left': message => lookup('tree.left') }
notify { 'right': message => lookup('tree.right', undef, undef, 'none') }
notify { 'joined': message => lookup('joined') }
notify { 'missing': message => lookup('nope', undef, undef, 'dflt') }

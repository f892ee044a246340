define tdef() { notify { "t ${title}": } }
class holder { tdef { 'x': tag => 'dtag' } }
include holder

notify { "x": }
Integer.each |$x| { notify { "n${x}": } }

# What P421's fix of $::sshdsakey used to write: Puppet fails to compile it on a node with
# no DSA key (see oracle.txt).
notify { 'top sshdsakey': message => $facts['ssh']['dsa']['key'] }

# Several independent errors at the end of the compilation: a relationship to a missing
# resource, a metaparameter naming one, an unknown attribute.
file { '/etc/x': ensure => file, nosuchattr => 1 }
notify { 'b': require => Package['missing'] }
Notify['b'] -> File['/missing']

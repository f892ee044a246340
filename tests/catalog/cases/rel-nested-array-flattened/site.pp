# Relationship metaparameters are written flattened, without undef entries; other parameters
# keep their nesting.
class a {}
class b {}
class c (Array $nested = []) {}
include a, b
class { 'c':
  require => [Class['a', 'b'], undef, [[Class['a']]]],
  nested  => [['x', 'y'], undef],
}
notify { 'n': before => [[Class['c']]] }

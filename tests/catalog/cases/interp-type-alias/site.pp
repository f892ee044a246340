type MyAlias = Variant[Integer, String]
type Port = Integer[1, 65535]
notify { 'string-alias': message => String(MyAlias) }
notify { 'interp-alias': message => "${MyAlias} and ${Port}" }
notify { 'range': message => String(Integer[1,3]) }
notify { 'interp-range': message => "${Integer[1,3]} ${Array[String, 1]} ${Optional[Port]}" }
notify { 'array': message => String([MyAlias, Integer, Port]) }
notify { 'hash': message => String({ 'k' => Port }) }
notify { "title ${Port}": }
notify { 'types': message => [String(Hash[String, Port]), String(Enum['a', 'b']), String(Pattern[/x+/]), String(Struct[{a => Port}])] }
notify { 'param': message => Port }
notify { 'param-array': message => [Port, Optional[Port]] }
$p = Port
notify { 'var': message => "${p}", withpath => false }

# Integer edge cases for the evaluator: one expression per line, evaluated as String(<expr>).
# scripts/oracle/overflow-oracle.sh writes Puppet's results to overflow.expected. A trailing
# `# plint: error` marks a case where Puppet computes a value beyond 64 bits (a Ruby bignum) or
# iterates lazily over a range beyond the iteration budget, and plint reports an error instead;
# `# plint: value` a case where Puppet fails on a limit of Ruby's and plint gives a value.
'abc'[1, 9223372036854775807]
'abc'[3, 9223372036854775807]
'abc'[-3, 9223372036854775807]
'abc'[9223372036854775807, 1]
'abc'[-9223372036854775807, 2]
'abc'[9223372036854775807]
'abc'[-9223372036854775807]
[1,2,3][1, 9223372036854775807]
[1,2,3][3, 9223372036854775807]
[1,2,3][-2, 9223372036854775807]
[1,2,3][-9223372036854775807, 1]
[1,2,3][9223372036854775807, -9223372036854775807] # plint: value
[1,2,3][-9223372036854775807]
'abc'[-9223372036854775808, 2]
9223372036854775807 + 1
-9223372036854775807 - 2
9223372036854775807 * 2
(-9223372036854775807 - 1) / -1
(-9223372036854775807 - 1) % -1
(-9223372036854775807 - 1) / 2
9223372036854775807 % -2
1 << 62
1 << 63
1 << 64
1 << 9223372036854775807
1 << -9223372036854775807
1 >> -64
1 >> 9223372036854775807
-1 >> 9223372036854775807
-(-9223372036854775807 - 1) # plint: error
abs(-9223372036854775807 - 1) # plint: error
abs(-9223372036854775807)
1 / 0
1 % 0
1.0 / 0
1e308 * 10
9223372036854775807 + 1.0
Integer('9223372036854775807')
Integer('9223372036854775808') # plint: error
Integer('-9223372036854775808')
Integer('0x7fffffffffffffff')
Integer(9.0e18)
Integer(1e300) # plint: error
round(1e300) # plint: error
Integer[0,5].step(9223372036854775807).map |$x| { $x }
[1,2,3].step(9223372036854775807).map |$x| { $x }
Integer[0,5].step(-9223372036854775807) |$x| { $x }
[1,2,3].slice(9223372036854775807) |$x| { $x }
[1,2,3].slice(0) |$x| { $x }
[1,2,3].reverse_each.slice(9223372036854775807) |$x| { $x }
Integer[9223372036854775806, 9223372036854775807].map |$x| { $x }
Integer[-9223372036854775807, -9223372036854775806].map |$x| { $x }
Integer[1, 9223372036854775807].reduce(0) |$m, $x| { break() } # plint: error
sprintf('%d', 9223372036854775807)
sprintf('%x', 9223372036854775807)
sprintf('%d', 1e300)
sprintf('%*d', -9223372036854775807 - 1, 1)
sprintf('%.*f', 9223372036854775807, 1.0)
Timestamp('2020-01-01') + 9223372036854775807 # plint: error
Timespan(9223372036854775807) + 1 # plint: error
Timespan(9223372036854775807) / 0
Timestamp('2020-01-01') - Timestamp('1900-01-01')
Timestamp(1e300)
fqdn_rand(9223372036854775807, 'seed')
fqdn_rand(-1)
Array[Integer, 9223372036854775807]
String[-9223372036854775807, 9223372036854775807]
Integer[9223372036854775807, -9223372036854775807]
Integer(9223372036854775807.0) # plint: error
Integer(-9223372036854775808.0)
to_bytes('9000 P') # plint: error

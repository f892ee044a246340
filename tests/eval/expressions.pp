# Cases for tests/eval_ops.rs: one small manifest per line, evaluated by the real Puppet
# (scripts/oracle/eval-oracle.sh writes expressions.expected) and by plint's evaluator.
# --- literals and string forms
notice(1) notice(-5) notice(0x1F) notice(0777) notice(1.5) notice(1e3) notice(1.0e-5)
notice(100.0) notice(1e15) notice(123456789012345.0) notice(0.0001) notice(1.0/3)
notice(true) notice(false) notice(undef) notice(default) notice('a') notice("b")
notice([1, 'a', [2, undef], {x => 1}])
notice({a => 1, 'b' => [1, 2], 3 => undef})
notice(/a\/b/) notice(/x+/)
notice("x${undef}y") notice("v=${[1, undef, 'a']}") notice("h=${{a => 1}}")
notice([]) notice({})
notice(Integer) notice(String) notice(Integer[1, 3]) notice(Enum['a', 'b']) notice(Array[String])
notice(File['/tmp/x']) notice(Class['apache']) notice(apache::vhost['x'])
# --- arithmetic
notice(1 + 2) notice(7 - 10) notice(6 * 7) notice(7 / 2) notice(-7 / 2) notice(7 / -2)
notice(7 % 3) notice(-7 % 3) notice(7 % -3) notice(1 + 1.5) notice(10 / 4.0) notice(2.5 * 2)
notice(1 << 4) notice(256 >> 2) notice(-16 >> 2) notice(1 << -1) notice(1 << 62)
notice('1' + 1) notice('0x10' + 0) notice('010' + 0) notice('1.5' + 1) notice(' 12 ' + 0)
notice('1e3' + 0) notice('- 3' + 0) notice('+3' * 2) notice('::3' + 0) notice(-'5')
notice(-(3)) notice(- 2.5) notice(--1)
notice('08' + 0)
notice('.5' + 0)
notice('abc' + 1)
notice(1 + 'abc')
notice(undef + 1)
notice(true + 1)
notice(1 / 0)
notice(1 % 0)
notice(1.0 / 0)
notice(1.5 % 2)
notice(5 % 1.5)
notice(9223372036854775807 + 1)
notice(-9223372036854775807 - 2)
notice(4611686018427387904 * 2)
notice(1 << 64)
notice(1.5 << 1)
notice(1e308 * 10)
notice(0.1 + 0.2) notice(1.1 * 3) notice(2 ** 3)
# --- collections + - <<
notice([1, 2] + [3]) notice([1, 2] + 3) notice([1] + {a => 1}) notice([1] + [[2]])
notice({a => 1, b => 2} + {b => 3, c => 4}) notice({a => 1} + [b, 2]) notice({a => 1} + [[b, 2], [c, 3]])
notice({a => 1} + [])
notice({a => 1} + 30)
notice({a => 1} + [b])
notice([1, 2, 3, 2] - 2) notice([1, 2, 3] - [1, 3]) notice([1, 2.0, 'a', 'A'] - [2, 'a']) notice([[a, 1], 3] - {a => 1})
notice({a => 1, b => 2, c => 3} - a) notice({a => 1, b => 2, c => 3} - [a, c]) notice({a => 1, b => 2} - {b => 0})
notice([1] << 2) notice([1] << [2]) notice([] << {})
notice({a => 1} << 2)
notice(1 - [1])
notice(undef - [1])
# --- equality
notice(1 == 1) notice(1 == 1.0) notice('a' == 'A') notice('abc' == 'ABC') notice('1' == 1) notice(1 == '1')
notice(undef == undef) notice(undef == '') notice('' == undef) notice(true == 'true') notice(default == default)
notice([1, 'a'] == [1.0, 'A']) notice([1, 2] == [2, 1]) notice([1] == [1, 1])
notice({a => 1} == {a => 1.0}) notice({a => 1} == {'A' => 1}) notice({a => 1, b => 2} == {b => 2, a => 1})
notice(/a/ == /a/) notice(/a/ == /b/) notice(Integer == Integer) notice(Integer == Float)
notice(1 != 2) notice('a' != 'A') notice([1] != [1]) notice('ä' == 'Ä')
notice(File['a'] == File['a']) notice(File['a'] == File['A'])
# --- ordering
notice(1 < 2) notice(2.5 > 2) notice(2 <= 2.0) notice(3 >= 4) notice('a' < 'b') notice('B' > 'a')
notice('abc' < 'ABD') notice('10' < '9') notice('a' <= 'A') notice('A' >= 'a') notice('' < 'a')
notice(1 < '2')
notice('2' < 1)
notice(true < false)
notice([1] < [2])
notice(undef < 1)
notice({} < {})
notice(Integer < Integer) notice(Integer <= Integer) notice(Integer >= Integer)
# --- logic and truthiness
notice(!true) notice(!undef) notice(!'') notice(!0) notice(![]) notice(!'false')
notice(true and false) notice(true and 'x') notice(undef or 0) notice(false or undef) notice(1 and 2)
notice(false and fail('never')) notice(true or fail('never'))
if '' { notice('empty string is true') }
if undef { notice(yes) } else { notice(no) }
if 0 { notice('zero is true') }
if [] { notice('empty array is true') }
unless false { notice(unless) }
unless true { notice(a) } else { notice(b) }
# --- in
notice('a' in 'abc') notice('B' in 'abc') notice('x' in 'abc') notice('' in 'abc') notice(1 in '1')
notice(1 in [1, 2]) notice(1.0 in [1, 2]) notice('1' in [1, 2]) notice('A' in ['a', 'b']) notice(1 in ['1'])
notice('a' in {a => 1}) notice('A' in {a => 1}) notice(1 in {1 => a}) notice(a in {b => a})
notice(/b/ in 'abc') notice(/^b/ in ['abc', 'bcd']) notice(/x/ in [1, 2]) notice(/a/ in {abc => 1})
notice(Integer in [a, 1]) notice(String in [1, 2]) notice(Integer in '1')
notice([1] in [[1], 2]) notice({a => 1} in [{a => 1}]) notice(undef in [undef]) notice(undef in [1])
notice('x' in undef) notice(1 in 1) notice('abc' in [/b/]) notice('x' in [default]) notice('q' in [String])
if /b(c)/ in 'abcd' { notice($0, $1) }
# --- match =~ !~
notice('abc' =~ /b/) notice('abc' =~ /x/) notice('abc' !~ /x/) notice('abc' =~ 'b.') notice('ABC' =~ /b/)
if 'foo-bar' =~ /(\w+)-(\w+)/ { notice($0, $1, $2) }
if 'abc' =~ /a(x)?/ { notice("[${1}]", $0) }
notice(1 =~ Integer) notice('a' =~ Integer) notice([1] =~ Array) notice(undef =~ Undef) notice(1.5 =~ Numeric)
notice(1 =~ /1/)
notice(undef =~ /a/)
notice('a' =~ 1)
notice('a' =~ '(')
notice('a' =~ /(/)
if "line1\nline2" =~ /^line2$/ { notice(multiline) }
if "a\nb" =~ /a.b/ { notice(dot) } else { notice(nodot) }
if "a\nb" =~ /(?m)a.b/ { notice(dotall) }
if 'x9' =~ /\d/ { notice(digit) }
if 'ab' =~ /\Aab\z/ { notice(anchors) }
if 'ABC' =~ /(?i)abc/ { notice(ignorecase) }
if 'ab12' =~ /(?<word>[a-z]+)(?<num>\d+)/ { notice($1, $2) }
# --- access []
notice([1, 2, 3][0]) notice([1, 2, 3][-1]) notice([1, 2, 3][5]) notice([1, 2, 3][-5]) notice([1, 2, 3, 4][1, 2])
notice([1, 2, 3, 4][2, -1]) notice([1, 2, 3, 4][-2, 1]) notice([1, 2, 3, 4][1, -2]) notice([1, 2, 3][3, 1]) notice([1, 2, 3][4, 1])
notice([1, 2, 3]['1']) notice([1, 2, 3][-4, 2]) notice([1, 2, 3][0, 0]) notice([1, 2, 3][1, 10]) notice([1, 2, 3][[0]])
notice([1, 2, 3][1.0])
notice([1, 2, 3]['a'])
notice([1, 2, 3][])
notice([1, 2, 3][1, 2, 3])
notice('Hello World'[6]) notice('Hello World'[1, 3]) notice('Hello World'[6, -1]) notice('Hello'[-1]) notice('Hello'[10])
notice('Hello'[-10]) notice('Hello'[-3, 2]) notice('Hello'[2, 0]) notice('Hello'[5, 2]) notice('Hello'[6, 2]) notice('Hello'['1'])
notice('Hello'[-10, 3]) notice('héllo'[1]) notice('Hello'[1, -1])
notice('Hello'[1.0])
notice('Hello'[a])
notice({a => 1, b => 2, c => 3}[b]) notice({a => 1, b => 2}[x]) notice({a => 1, b => 2, c => 3}[b, c]) notice({a => 1, b => 2}[x, y]) notice({a => 1, b => 2}[x, b])
notice({a => undef, b => 2}[a, b]) notice({1 => a}[1]) notice({1 => a}['1']) notice({[1] => a}[[1]]) notice({a => 1}['A'])
notice({a => {b => [1, 2]}}[a][b][1])
notice(undef[1])
notice(1[0])
notice(true[0])
# --- variables and local scopes
$x = 1 $y = $x + 1 notice($y)
$x = [1, 2] notice($x[1])
$x = 1 $x = 2
notice($nope)
[$a, $b] = [1, 2] notice($a, $b)
[$a, $b] = {a => 1, b => 2} notice($b)
[$a, $b] = [1]
$h = {a => 1} notice("${h['a']}") notice("${h[a]}")
$s = 'x' notice("${s}y") notice("$s") notice("${s.upcase}")
$n = 3 notice("n=${n + 1}")
notice("a\tb") notice('a\tb') notice("a\\b") notice("\$x") notice("\u0041")
# --- selector and case
notice(1 ? { 1 => one, default => other }) notice('b' ? { 'a' => 1, 'B' => 2 }) notice(5 ? { Integer => int, default => x })
notice('abc' ? { /b(c)/ => "got ${1}", default => no }) notice([1, 2] ? { [1, 2] => pair, default => no }) notice(3 ? { 1 => a, default => d })
notice(3 ? { 1 => a })
case 'abc' { 'x': { notice(x) } /^a(b)/: { notice("re ${1}") } default: { notice(d) } }
case 2 { 1, 2: { notice('one or two') } default: { notice(d) } }
case 'X' { 'x': { notice(lower) } default: { notice(d) } }
case 7 { String: { notice(s) } Integer: { notice(i) } }
case 'z' { 'a': { notice(a) } }
case [1, 2] { [1, 2]: { notice(arr) } default: { notice(d) } }
case {a => 1} { {a => 1}: { notice(hash) } default: { notice(d) } }
notice(if true { 1 } else { 2 }) notice(if false { 1 }) notice(unless false { 3 })
notice(case 1 { 1: { one } })
# --- each, map, filter, reduce
$r = [] [1, 2].each |$x| { notice($x) }
[a, b].each |$i, $x| { notice("${i}:${x}") }
{a => 1, b => 2}.each |$k, $v| { notice("${k}=${v}") }
{a => 1, b => 2}.each |$p| { notice($p) }
notice([1, 2].each |$x| { $x })
notice({a => 1}.each |$x| { $x })
3.each |$x| { notice($x) }
'ab'.each |$c| { notice($c) }
Integer[1, 3].each |$x| { notice($x) }
Integer[3, 1].each |$x| { notice($x) }
notice([1, 2, 3].map |$x| { $x * 2 }) notice({a => 1, b => 2}.map |$k, $v| { "${k}${v}" }) notice({a => 1}.map |$p| { $p })
notice([a, b].map |$i, $x| { "${i}${x}" }) notice(3.map |$x| { $x }) notice([].map |$x| { $x })
notice([1, 2, 3, 4].filter |$x| { $x % 2 == 0 }) notice({a => 1, b => 2}.filter |$k, $v| { $v > 1 }) notice({a => 1, b => 2}.filter |$p| { $p[0] == a })
notice([1, 2, 3].filter |$i, $x| { $i > 0 }) notice(['a', '', undef, false].filter |$x| { $x })
notice([1, 2, 3].reduce |$m, $x| { $m + $x }) notice([1, 2, 3].reduce(10) |$m, $x| { $m + $x }) notice([].reduce |$m, $x| { $m })
notice({a => 1, b => 2}.reduce |$m, $x| { $m + $x }) notice({a => 1, b => 2}.reduce(0) |$m, $x| { $m + $x[1] }) notice([5].reduce |$m, $x| { 0 })
notice([1, 2].each)
notice([1, 2].map |$a, $b, $c| { 1 })
notice([1, 2].reduce |$m| { 1 })
notice(1.5.each |$x| { $x })
notice(undef.map |$x| { $x })
# --- break and next
notice([1, 2, 3, 4].map |$x| { if $x == 3 { break() } $x })
notice([1, 2, 3].map |$x| { if $x == 2 { next(20) } $x })
[1, 2, 3].each |$x| { if $x == 2 { break() } notice($x) }
notice([1, 2, 3, 4].filter |$x| { if $x == 3 { break() } true })
notice([1, 2, 3].reduce |$m, $x| { if $x == 3 { break() } $m + $x })
# --- slice, reverse_each, step
notice([1, 2, 3, 4, 5].slice(2)) notice({a => 1, b => 2, c => 3}.slice(2)) notice([].slice(3))
[1, 2, 3, 4, 5].slice(2) |$a, $b| { notice("${a}-${b}") }
[1, 2, 3].slice(2) |$s| { notice($s) }
notice([1, 2, 3].slice(2) |$s| { $s })
notice([1, 2].slice(0))
[1, 2, 3].reverse_each |$x| { notice($x) }
notice([1, 2, 3].reverse_each.map |$x| { $x })
notice([1, 2, 3, 4, 5].step(2).map |$x| { $x })
[0, 1, 2, 3, 4, 5, 6].step(3) |$x| { notice($x) }
# --- with, then, lest
notice(with(1, 2) |$a, $b| { $a + $b }) notice(with() || { 3 }) notice(with(1) |$x, $y = 5| { $x + $y })
notice(1.then |$x| { $x + 1 }) notice(undef.then |$x| { 1 }) notice(undef.lest || { 2 }) notice(3.lest || { 2 })
notice({a => 1}['b'].lest || { 'dflt' })
# --- any, all, index
notice([1, 2, 3].any |$x| { $x > 2 }) notice([1, 2, 3].any |$x| { $x > 5 }) notice({a => 1}.any |$k, $v| { $v == 1 }) notice([].any |$x| { true })
notice([1, 2, 3].all |$x| { $x > 0 }) notice([1, 2, 3].all |$x| { $x > 1 }) notice([].all |$x| { false }) notice([a, b].all |$i, $x| { $i < 2 })
notice([1, 2, 3].index |$x| { $x == 2 }) notice([1, 2, 3].index |$x| { $x == 9 }) notice({a => 1, b => 2}.index |$v| { $v == 2 }) notice({a => 1, b => 2}.index |$k, $v| { $k == b })
notice(['a', 'b'].index('b')) notice(['a', 'b'].index('x')) notice({a => 1, b => 2}.index(2)) notice('hello'.index('l')) notice('hello'.index(/l+o/)) notice('hello'.index('z'))
notice([1, 2].index(1.0))
# --- dig, get
notice({a => {b => [1, 2]}}.dig(a, b, 1)) notice({a => 1}.dig(x, y)) notice([1, [2, 3]].dig(1, 0)) notice(undef.dig(a)) notice({a => 1}.dig()) notice([1].dig(5))
notice({a => 1}.dig(a, b))
notice([1].dig(a))
notice(dig(1, 2))
notice({a => {b => [1, 2]}}.get('a.b.1')) notice({a => 1}.get('x', 'dflt')) notice({a => 1}.get('')) notice([1, [2, 3]].get('1.0')) notice(undef.get('a', 5))
notice({'a.b' => 1}.get('"a.b"')) notice({a => [1]}.get('a.x') |$e| { 'err' })
notice({a => 1}.get('a.b'))
# --- strings
notice(join([1, 2, 3], '-')) notice(join(['a', 'b'])) notice(join([1, [2, [3]], undef, 'x'], ',')) notice(join([], ',')) notice([1.5, true].join('/'))
notice(split('a,b,,c,,', ',')) notice(split('a1b22c', /\d+/)) notice(split('abc', '')) notice(split('', ',')) notice(split('a b', ' ')) notice(split(',a', ','))
notice(split('a-b', /(-)/)) notice(split('a.b', '.')) notice(split('aXbxc', /x/))
notice(upcase('abc')) notice(downcase('ABC')) notice(capitalize('hELLO')) notice(upcase(['a', 'b'])) notice(downcase({'A' => 'B'})) notice(camelcase('foo_bar_baz'))
notice(strip('  a b  ')) notice(lstrip('  a ')) notice(rstrip(' a  ')) notice(strip(["\ta\n", ' b'])) notice(chomp("abc\n")) notice(chop('abc'))
notice(upcase(1))
notice(size('héllo')) notice(size([1, 2])) notice(size({a => 1})) notice(length('abc')) notice(''.size)
notice(size(1))
notice(size(undef))
notice(empty('')) notice(empty([])) notice(empty({})) notice(empty('a')) notice(empty([1])) notice(empty(undef)) notice(empty(0))
# --- regsubst and match
notice(regsubst('hello world', 'o', '0')) notice(regsubst('hello world', 'o', '0', 'G')) notice(regsubst('abc', '(b)', '[\1]')) notice(regsubst('abc', 'B', 'x', 'I'))
notice(regsubst(['ab', 'cb'], 'b', 'x')) notice(regsubst('a.b.c', '\.', '-', 'G')) notice(regsubst('abc', /(a)(b)/, '\2\1')) notice(regsubst('aaa', 'a*', '-', 'G'))
notice(regsubst('abc', 'b', '\0\0')) notice(regsubst('x', 'y', 'z'))
notice(regsubst('abc', 'b', 'x', 'Q'))
notice(match('abc', /b(c)/)) notice(match('abc', 'x')) notice(match(['ab', 'cd'], /(\w)d/)) notice('abc'.match(/(a)(x)?/)) notice('2023-01'.match(/(\d+)-(\d+)/)[1])
# --- sort, unique, flatten, keys, values, reverse
notice(sort([3, 1, 2])) notice(sort(['b', 'A', 'a', 'B'])) notice(sort('cba')) notice(sort([2.5, 1, 3])) notice(sort([[2], [1, 2], [1]])) notice(sort([3, 1, 2]) |$a, $b| { $b - $a })
notice(sort([1, 'a']))
notice(unique([1, 2, 1, '1', 1.0])) notice(unique(['a', 'A', 'a'])) notice(unique('abacus')) notice(unique([[1], [1], [2]])) notice(unique([1, 2, 3, 4]) |$x| { $x % 2 })
notice(flatten([1, [2, [3, [4]]]])) notice(flatten(1, [2], [[3]])) notice(flatten([])) notice(flatten(undef))
notice(keys({a => 1, b => 2})) notice(values({a => 1, b => 2})) notice(keys({}))
notice(keys([1]))
# --- numbers
notice(abs(-5)) notice(abs(-2.5)) notice(abs(3)) notice(abs('-7'))
notice(round(2.5)) notice(round(-2.5)) notice(round(2.4)) notice(round(3)) notice(ceiling(1.2)) notice(ceiling(-1.2)) notice(floor(1.8)) notice(floor(-1.2)) notice(floor(4))
notice(round('2.5'))
notice(min(3, 1, 2)) notice(max(3, 1, 2)) notice(min([3, 1, 2])) notice(max(['a', 'B', 'c'])) notice(min(1.5, 2)) notice(max(1, 2.5)) notice(min('b', 'a'))
notice(max([1, 5, 3]) |$a, $b| { $b - $a })
notice(versioncmp('1.2', '1.10')) notice(versioncmp('1.0', '1.0')) notice(versioncmp('2.0', '1.9.9')) notice(versioncmp('1.0a', '1.0b')) notice(versioncmp('1.0-1', '1.0.1'))
notice(versioncmp('1.01', '1.1')) notice(versioncmp('1.0', '1.0.0')) notice(versioncmp('a', 'B')) notice(versioncmp('10', '9'))
# --- sprintf
notice(sprintf('%d|%5d|%-5d|%05d|%+d', 42, 42, 42, 42, 42)) notice(sprintf('%s and %s', 'a', 1)) notice(sprintf('%.2f|%8.3f|%f', 3.14159, 2.5, 1))
notice(sprintf('%x|%X|%o|%b|%#x|%#o', 255, 255, 8, 5, 255, 8)) notice(sprintf('%e|%E', 12345.678, 0.000123)) notice(sprintf('%g|%g|%g', 0.0001, 123456789, 1.5))
notice(sprintf('%s', [1, 'a'])) notice(sprintf('%s', {'a' => 1})) notice(sprintf('%p', 'q')) notice(sprintf('%10s|%-6s|%.2s', 'hi', 'ab', 'abc')) notice(sprintf('%%'))
notice(sprintf('%<x>s : %<y>d', {'x' => 'value is', 'y' => 42})) notice(sprintf('%{a}-%{b}', {'a' => 1, 'b' => 2})) notice(sprintf('%d', '0x1F')) notice(sprintf('%c', 65))
notice(sprintf('%2$s-%1$s', 'a', 'b')) notice(sprintf('%1$s %1$s|%2$5.1f', 'x', 2.25)) notice(sprintf('%3$s', 1, 2))
notice(sprintf('%1$s %s', 'a', 'b'))
notice(sprintf('%s %2$s', 'a', 'b'))
notice(sprintf('%<a>s %1$s', {'a' => 1}))
notice(sprintf('%1$s %<a>s', {'a' => 1}))
notice(sprintf('%s %{a}', {'a' => 1}))
notice(sprintf('%<a>s %s', {'a' => 1}))
notice(sprintf('[%1$*2$d][%1$-*3$d][%4$.*2$f]', 7, 4, 3, 3.14159))
notice("${2.5 * 2}|${10.0 / 4}|${0.5 + 1}") notice(case 'b' { *['a', 'b']: { 'in' } default: { 'out' } }) notice('c' ? { *['a', 'b'] => 'in', default => 'out' })
notice(sprintf('%s', undef)) notice(sprintf('%d', 3.99)) notice(sprintf('%s', true)) notice(sprintf('%5.1f%%', 99.44)) notice(sprintf('%*d', 5, 1))
notice(sprintf('%d', 'abc'))
notice(sprintf('%d'))
# --- stdlib
notice(merge({a => 1}, {b => 2}, {a => 3})) notice(merge({a => 1}, undef, '')) notice(merge())
notice(merge({a => 1}, [1]))
notice(deep_merge({a => {b => 1, c => 2}}, {a => {b => 3}}, {d => 4})) notice(deep_merge({a => {b => 1}}, {a => 2}))
notice(pick(undef, '', 'x', 'y')) notice(pick(false, 'x')) notice(pick_default(undef, '')) notice(pick_default(undef, 'a')) notice(pick_default('', undef))
notice(pick(undef, ''))
notice(concat([1], [2, 3], 4)) notice(concat([1], [[2]]))
notice(delete([1, 2, 1, 3], 1)) notice(delete({a => 1, b => 2}, 'a')) notice(delete('abcb', 'b')) notice(delete([1, 2, 3], [1, 3])) notice(delete(['a', 'A'], 'a'))
notice(delete_undef_values([1, undef, 2])) notice(delete_undef_values({a => undef, b => 1})) notice(delete_values({a => 1, b => 2, c => 1}, 1)) notice(delete_at([1, 2, 3], 1))
notice(delete_regex(['abc', 'b', 'bcd'], 'b.*'))
notice(join_keys_to_values({a => 1, b => [2, 3]}, '=')) notice(prefix(['a', 'b'], 'p_')) notice(suffix(['a', 'b'], '.x')) notice(prefix({a => 1}, 'k')) notice(prefix([1, 2], 'n'))
notice(to_json({a => [1, 2.5, undef, true], b => 'x"y'})) notice(to_json([])) notice(to_json('s')) notice(to_json_pretty({a => [1, 2], b => {}}))
notice(parsejson('{"a": [1, 2.5, null, true], "b": "c"}')) notice(parsejson('[1]')['0'])
notice(parsejson('{bad'))
notice(bool2str(true)) notice(bool2str(false, 'yes', 'no')) notice(str2bool('yes')) notice(str2bool('false')) notice(str2bool('')) notice(bool2num(true)) notice(num2bool(1)) notice(num2bool('0'))
notice(str2bool('maybe'))
notice(bool2str('true'))
notice(any2array(1)) notice(any2array([1])) notice(any2array({a => 1})) notice(any2array()) notice(any2array(1, 2)) notice(any2bool('yes')) notice(any2bool(0)) notice(any2bool(undef))
notice(member([1, 2], 1)) notice(member(['a'], 'A')) notice(member([1, 2, 3], [1, 3])) notice(has_key({a => 1}, 'a')) notice(has_key({a => 1}, 'b'))
notice(union([1, 2], [2, 3])) notice(intersection([1, 2, 3], [2, 3, 4])) notice(difference([1, 2, 3], [2])) notice(zip([1, 2], [3, 4])) notice(values_at(['a', 'b', 'c'], [0, 2])) notice(values_at(['a', 'b', 'c', 'd'], '1-2'))
notice(count([1, undef, '', 2])) notice(count([1, 2, 1], 1)) notice(reverse([1, 2, 3])) notice(reverse('abc')) notice(swapcase('aBc'))
notice(stdlib::start_with('foobar', 'foo')) notice(stdlib::end_with('foobar', ['x', 'bar'])) notice('foo'.stdlib::start_with('f'))
notice(fail('boom'))
notice(nosuchfunction(1))
notice("${File['/tmp/x']}") notice([File['a'], Class['b']]) notice(Resource['file', 'x']) notice(Resource[File, 'x', 'y'])
notice(to_json_pretty([])) notice(to_json_pretty({})) notice(to_json_pretty([{}, []]))
notice(*[1, 2]) notice([*[1, 2], 3]) notice([*undef]) notice([*{a => 1}]) notice([*1])
notice(capitalize([a, 1]))
notice(capitalize([a, 'b']))
notice(camelcase(5)) notice(downcase(2.5))
notice(upcase([a, 1]))
notice(upcase({a => b}))
# --- types
notice(type(1)) notice(type('a')) notice(type(1.5)) notice(type([1, 'a'])) notice(type({a => 1})) notice(type({1 => 1})) notice(type(undef)) notice(type(true)) notice(type(/x/))
notice(type([])) notice(type({})) notice(type(Integer)) notice(type(File['x'])) notice(type(default)) notice(type(Class[a]))
notice(type(1, generalized)) notice(type('a', generalized)) notice(type([1, 'a'], generalized)) notice(type({a => 1}, generalized)) notice(type([1, 'a'], reduced)) notice(type({a => [1]}, reduced))
notice(Integer[1,3]) notice(Optional[String]) notice(Pattern[/a/, 'b']) notice(Class['Apache']) notice(Resource['apache::vhost', 'a']) notice(Hash[String, Integer]) notice(Enum[b, a])
notice(String[1]) notice(Array[Integer, 2]) notice(Struct[{a => Integer, Optional[b] => String}]) notice(Variant[Integer, String]) notice(Tuple[Integer, String]) notice(Regexp[/x/]) notice(Float[0.5]) notice(Resource[File])
notice(Integer[1] < Integer) notice(Integer <= Numeric) notice(Numeric > Integer) notice(String == String) notice(String[1] == String) notice(Integer < Integer) notice(Integer >= Integer[0, 5]) notice(String > Integer)
notice([1, 'a'] =~ Array[Variant[Integer, String]]) notice({a => 1} =~ Hash[String, Integer]) notice('abc' =~ Pattern[/b/]) notice('x' =~ Enum[x, y]) notice(5 =~ Integer[1, 3]) notice(undef =~ Optional[Integer])
notice('abc' =~ String[1, 2]) notice([1, 2] =~ Tuple[Integer, Integer]) notice({a => 1} =~ Struct[{a => Integer}]) notice({} =~ Hash[String, String, 1]) notice(1 =~ Data) notice(/x/ =~ Data) notice(Integer =~ Type[Numeric]) notice(File['x'] =~ Type[Resource])
notice(1 =~ Scalar) notice(undef =~ NotUndef) notice(default =~ Default) notice('X' =~ Enum[x]) notice(1.0 =~ Integer) notice([] =~ Array[String]) notice(true =~ Boolean)
case 5 { Integer[1, 3]: { notice(small) } Integer[4, 9]: { notice(medium) } default: { notice(large) } }
notice(1 ? { String => s, Numeric => n })
notice(Integer in [1, 'a']) notice(Float in [1]) notice([1, 2].filter |$x| { $x =~ Integer[2] })
notice(assert_type(Integer, 5)) notice(assert_type(String[1], 'x')) notice(assert_type(Integer, 'x') |$e, $a| { "expected ${e}, got ${a}" })
notice(assert_type(Integer, 'x'))
notice(Integer[1, 5].map |$x| { $x * $x }) notice(Integer[3, 5].reduce |$a, $b| { $a + $b }) notice(Integer[0, 2].filter |$x| { $x > 0 })
notice(Integer[5, 1])
notice(Integer['a'])
notice(Hash[1])
notice('a1b2'.split(Regexp[/\d/])) notice('abc'.match(Pattern[/(b)/]))
# --- conversions (new)
notice(String([1, 'a'])) notice(String({a => 'b'})) notice(String(undef)) notice(String(1.5)) notice(String(true)) notice(String('x')) notice(String(Integer)) notice(String(/x/)) notice(String(default))
notice(String([1.5, undef, /r/, [b]])) notice(String(1e20)) notice(String(0.1)) notice(String(-2)) notice(String(1, '%05d')) notice(String(255, '%x')) notice(String({1 => [true]}))
notice(Integer('0x1F')) notice(Integer('012')) notice(Integer(1.9)) notice(Integer(true)) notice(Integer('-5')) notice(Integer('12', 8)) notice(Integer('0b101')) notice(Integer(-1.9)) notice(Integer('ff', 16)) notice(Integer('+7'))
notice(Integer('  12 '))
notice(Integer('12abc'))
notice(Integer('1.5'))
notice(Integer(undef))
notice(Integer('08'))
notice(Float('1.5')) notice(Float(2)) notice(Float('3')) notice(Numeric('0x10')) notice(Numeric('1.5e2')) notice(Numeric('-3')) notice(Float('-2.5e-3'))
notice(Float('abc'))
notice(Numeric(' 1'))
notice(Boolean('true')) notice(Boolean('Yes')) notice(Boolean('no')) notice(Boolean(1)) notice(Boolean(0)) notice(Boolean('FALSE')) notice(Boolean('y')) notice(Boolean(true))
notice(Boolean('x'))
notice(Boolean(''))
notice(Array(1)) notice(Array([1])) notice(Array({a => 1})) notice(Array('abc')) notice(Array(undef, true)) notice(Array('ab', true)) notice(Array({a => 1}, true)) notice(Array(3, true))
notice(Array(undef))
notice(Hash([a, 1, b, 2])) notice(Hash([[a, 1]])) notice(Hash({a => 1})) notice(Hash([]))
notice(Hash([a]))
notice(Sensitive('x')) notice(String(Sensitive('x'))) notice(Integer('5') + 1) notice(Integer('5') |$x| { $x * 2 }) notice(new(Integer, '7'))
# --- heredocs and multi-line cases
<<<
$x = 'world'
notice(@("END"))
  Hello ${x}!
    indented $x
  | END
>>>
<<<
notice(@(END))
  raw ${x}\n
  END
>>>
<<<
notice(@("END"/n))
  a\nb\tc
  |- END
>>>
<<<
$h = {a => [1, 2]}
notice(@("E"))
${h['a'][1]} and ${h[a]} and $h
E
>>>
<<<
$list = [3, 1, 2]
$sorted = $list.sort.map |$i| {
  $i * 10
}
notice($sorted)
notice("${sorted.join(',')}")
>>>
<<<
$r = [1, 2, 3].reduce({}) |$memo, $x| {
  $memo + { "k${x}" => $x }
}
notice($r)
>>>
# --- match scopes
if 'abc' =~ /(b)/ { notice("in ${1}") } notice("after [${1}]")
'abc' =~ /(b)/ notice("top ${1}")
'abc' =~ /(b)/ if 'xyz' =~ /(y)/ { notice("in ${1}") } notice("after ${1}")
'abc' =~ /(b)/ 'xyz' =~ /(q)/ notice("nomatch keeps ${1}")
case 'abc' { /(c)/: { notice("case ${1}") } } notice("after case [${1}]")
$v = 'abc' ? { /(a)/ => $1 } notice($v) notice("after sel [${1}]")
[1].each |$x| { 'abc' =~ /(a)/ notice("lambda ${1}") } notice("after lambda [${1}]")
'abc' =~ /(b)/ [1].each |$x| { notice("outer in lambda ${1}") }
if 'abc' =~ /(b)/ and 'xyz' =~ /(z)/ { notice("and ${1}") }
if 'abc' =~ /(b)/ { $m = $1 } notice($m)
# --- group_by, partition, compare, tree_each
notice(group_by([1, 2, 3]) |$x| { $x % 2 }) notice(partition([1, 2, 3]) |$x| { $x > 1 }) notice(compare(1, 2)) notice(compare('a', 'B')) notice(compare('a', 'B', false)) notice(compare(2.5, 2))
notice({a => 1, b => 2}.partition |$k, $v| { $v > 1 }) notice({a => 1, b => 2}.group_by |$k, $v| { $v }) notice(compare('b', 'b'))
notice(compare(1, 'a'))
notice([1, [2, [3]]].tree_each.map |$x| { $x })
$t = [] [1, [2]].tree_each |$path, $v| { notice("${path}=${v}") }
notice(tree_each({a => [1]}).map |$x| { $x })
notice([1, [2]].tree_each({include_containers => false}).map |$x| { $x })
notice([1, [2, 3]].tree_each({order => breadth_first, include_root => false}).map |$x| { $x })
# --- more stdlib
notice(to_yaml({a => [1, 'b'], c => {}, d => 'x: y', e => undef, f => true, g => '1', h => 1.5, i => '', j => []}))
notice(to_yaml('s')) notice(to_yaml([1])) notice(to_yaml({a => {b => [{c => 1}]}})) notice(to_yaml(['yes', 'No', 'null', '-x', 'a b']))
notice(range(1, 10, 3)) notice(range('a1', 'a3')) notice(range(5, 1)) notice(range('1', '3')) notice(range('a', 'c')) notice(range('host01', 'host03'))
notice(is_integer(1)) notice(is_integer('1')) notice(is_numeric('1.5')) notice(is_bool(true)) notice(is_array([])) notice(is_hash({})) notice(is_float(1.5)) notice(is_string(1)) notice(is_string('1')) notice(is_integer('1.5')) notice(is_float('1'))
notice(basename('/a/b.txt', '.txt')) notice(dirname('a')) notice(dirname('/')) notice(basename('/a/b/')) notice(dirname('/a/b/c')) notice(dirname('/a')) notice(basename('x.tar.gz', '.*'))
notice(shell_escape("a b'c")) notice(regexpescape('a.b*c')) notice(clamp(1, 5, 10)) notice(clamp([10, 1, 5])) notice(clamp('3', 1, 2))

# Built-in functions with several signatures (rules/functions/*.toml). Puppet's dispatcher
# calls the first signature that accepts the arguments: when the arguments are known, that
# signature's return type; when they are not (a fact, an untyped parameter), the union of the
# returns of every signature that may accept them, up to the first that surely does. An
# argument no signature accepts is an error (P102), a lambda no signature takes too (P103).
#
# Each function: unknown arguments, matching arguments, mismatching arguments.

class overloads_strings($p) {
  # downcase / upcase: Numeric, String, Array, Hash
  $dc_unknown = downcase($facts['x']) # revealed: Variant[Numeric, String, Array, Hash]
  $dc_param = downcase($p) # revealed: Variant[Numeric, String, Array, Hash]
  $dc_string = downcase('ABC') # revealed: String
  $dc_number = downcase(3) # revealed: Numeric
  $dc_array = downcase(['A']) # revealed: Array
  $dc_hash = downcase({ 'A' => 'B' }) # revealed: Hash
  $dc_bad = downcase(true) # error: [P102]
  $uc_unknown = upcase($facts['x']) # revealed: Variant[Numeric, String, Array, Hash]
  $uc_string = upcase('abc') # revealed: String
  $uc_bad = upcase(true) # error: [P102]
  $uc_hash = upcase({ 'a' => 'b' }) # revealed: Hash

  # camelcase, capitalize, chomp, chop, lstrip, rstrip, strip: Numeric, String, Iterable
  $cc_unknown = camelcase($facts['x']) # revealed: Variant[Numeric, String, Array]
  $cc_string = camelcase('a_b') # revealed: String
  $cc_array = camelcase(['a_b']) # revealed: Array
  $cc_bad = camelcase(true) # error: [P102]
  $cap_unknown = capitalize($facts['x']) # revealed: Variant[Numeric, String, Array]
  $cap_number = capitalize(1) # revealed: Numeric
  $cap_bad = capitalize(true) # error: [P102]
  $cap_string = capitalize('ab') # revealed: String
  $chomp_unknown = chomp($facts['x']) # revealed: Variant[Numeric, String, Array]
  $chomp_string = chomp("a\n") # revealed: String
  $chomp_bad = chomp(undef) # error: [P102]
  $chomp_array = chomp(["a\n"]) # revealed: Array
  $chop_unknown = chop($facts['x']) # revealed: Variant[Numeric, String, Array]
  $chop_string = chop('ab') # revealed: String
  $chop_bad = chop(true) # error: [P102]
  $ls_unknown = lstrip($facts['x']) # revealed: Variant[Numeric, String, Array]
  $ls_string = lstrip(' a') # revealed: String
  $ls_bad = lstrip(true) # error: [P102]
  $rs_unknown = rstrip($facts['x']) # revealed: Variant[Numeric, String, Array]
  $rs_string = rstrip('a ') # revealed: String
  $rs_bad = rstrip(true) # error: [P102]
  $st_unknown = strip($facts['x']) # revealed: Variant[Numeric, String, Array]
  $st_string = strip(' a ') # revealed: String
  $st_array = strip([' a ']) # revealed: Array
  $st_bad = strip(true) # error: [P102]

  # match: a String, or an Array of them
  $m_unknown = match($facts['x'], /a/) # revealed: Variant[Optional[Array[Optional[String]]], Array[Optional[Array[Optional[String]]]]]
  $m_string = match('abc', /a/) # revealed: Optional[Array[Optional[String]]]
  $m_array = match(['abc'], /a/) # revealed: Array[Optional[Array[Optional[String]]]]
  $m_bad = match(1, /a/) # error: [P102]

  # regsubst: a pattern as a String or as a Regexp (the same return)
  $rx_unknown = regsubst($facts['x'], $facts['y'], 'b') # revealed: Variant[String, Array[String]]
  $rx_string = regsubst('abc', 'b', 'c') # revealed: Variant[String, Array[String]]
  $rx_regexp = regsubst('abc', /b/, 'c') # revealed: Variant[String, Array[String]]
  $rx_bad = regsubst(1, 'b', 'c') # error: [P102]

  # split: a String, Regexp or Type[Regexp] pattern
  $sp_unknown = split($facts['x'], $facts['y']) # revealed: Array[String]
  $sp_string = split('a,b', ',') # revealed: Array[String]
  $sp_regexp = split('a,b', /,/) # revealed: Array[String]
  $sp_bad = split('a,b', 1) # error: [P102]
}

class overloads_collections($p) {
  # empty: Collection, Sensitive[String], String, Numeric, Binary, Undef
  $e_unknown = empty($facts['x']) # revealed: Boolean
  $e_string = empty('') # revealed: Boolean
  $e_undef = empty(undef) # revealed: Boolean
  $e_bad = empty(true) # error: [P102]
  $e_number = empty(0) # revealed: Boolean

  # length: Collection, String, Binary
  $l_unknown = length($p) # revealed: Integer
  $l_array = length([1]) # revealed: Integer
  $l_bad = length(1) # error: [P102]
  $l_string = length('abc') # revealed: Integer

  # sort: String or Array
  $so_unknown = sort($facts['x']) # revealed: Variant[String, Array]
  $so_string = sort('cba') # revealed: String
  $so_array = sort([3, 1]) # revealed: Array
  $so_lambda = sort([3, 1]) |$a, $b| { compare($a, $b) } # revealed: Array
  $so_bad = sort(1) # error: [P102]

  # unique: String, Hash, Array, Iterable
  $un_unknown = unique($facts['x']) # revealed: Variant[String, Hash, Array]
  $un_string = unique('aab') # revealed: String
  $un_hash = unique({ 'a' => 1 }) # revealed: Hash
  $un_array = unique([1, 1]) # revealed: Array
  $un_bad = unique(true) # error: [P102]
}

class overloads_data($p) {
  # hiera, hiera_array, hiera_hash, hiera_include, lookup: any value
  $h_unknown = hiera($facts['x']) # revealed: Any
  $h_default = hiera('k', 'd') # revealed: Any
  $h_lambda = hiera('k') |$_k| { 'd' } # revealed: Any
  $h_bad = hiera(1) # error: [P102]
  $ha_unknown = hiera_array($p) # revealed: Any
  $ha_bad = hiera_array(1) # error: [P102]
  $ha_key = hiera_array('k') # revealed: Any
  $hh_unknown = hiera_hash($p) # revealed: Any
  $hh_bad = hiera_hash(1) # error: [P102]
  $hh_key = hiera_hash('k', {}) # revealed: Any
  $hi_unknown = hiera_include($p) # revealed: Any
  $hi_bad = hiera_include(1) # error: [P102]
  $hi_key = hiera_include('k') # revealed: Any
  $lk_unknown = lookup($facts['x']) # revealed: Any
  $lk_typed = lookup('k', String, 'first', 'd') # revealed: Any
  $lk_hash = lookup({ 'name' => 'k' }) # revealed: Any
  $lk_bad = lookup(1) # error: [P102]

  # find_file, find_template, module_directory: strings or arrays of strings
  $ff_unknown = find_file($facts['x']) # revealed: Optional[String]
  $ff_array = find_file(['a/b', 'a/c']) # revealed: Optional[String]
  $ff_bad = find_file(1) # error: [P102]
  $ft_unknown = find_template($p) # revealed: Optional[String]
  $ft_bad = find_template(1) # error: [P102]
  $ft_string = find_template('m/t.erb') # revealed: Optional[String]
  $md_unknown = module_directory($p) # revealed: Optional[String]
  $md_bad = module_directory(1) # error: [P102]
  $md_array = module_directory(['a', 'b']) # revealed: Optional[String]
}

class overloads_iteration($p) {
  # all, any: a Hash or an Iterable, with a lambda of one or two parameters
  $all_unknown = $facts['x'].all |$x| { $x } # revealed: Boolean
  $all_hash = { 'a' => 1 }.all |$_k, $v| { $v } # revealed: Boolean
  $all_bad = true.all |$x| { $x } # error: [P102]
  $any_unknown = $p.any |$_k, $v| { $v } # revealed: Boolean
  $any_bad = true.any |$x| { $x } # error: [P102]
  $any_array = [1].any |$x| { $x == 1 } # revealed: Boolean
  $any_nolambda = any([1]) # error: [P103]

  # each: gives what it iterates
  $each_unknown = $facts['x'].each |$x| { $x } # revealed: Variant[Hash, Iterable]
  $each_hash = { 'a' => 1 }.each |$_k, $v| { $v } # revealed: Hash
  $each_array = [1].each |$x| { $x } # revealed: Iterable
  $each_bad = true.each |$x| { $x } # error: [P102]

  # filter: a Hash from a Hash, an Array (or a Hash, from a hash-like iterable) otherwise
  $f_unknown = $facts['x'].filter |$x| { $x } # revealed: Variant[Hash, Array]
  $f_unknown2 = $facts['x'].filter |$_k, $v| { $v } # revealed: Variant[Hash, Array]
  $f_hash = { 'a' => 1 }.filter |$_k, $v| { $v } # revealed: Hash
  $f_array = [1].filter |$x| { $x } # revealed: Array
  $f_array2 = [1].filter |$_i, $x| { $x } # revealed: Variant[Array, Hash]
  $f_bad = true.filter |$x| { $x } # error: [P102]

  # map: always an Array
  $map_unknown = $facts['x'].map |$x| { $x } # revealed: Array
  $map_hash = { 'a' => 1 }.map |$_k, $v| { $v } # revealed: Array
  $map_bad = true.map |$x| { $x } # error: [P102]
  $map_lambda = [1].map |$a, $_b, $_c| { $a } # error: [P103]

  # group_by, partition
  $g_unknown = $facts['x'].group_by |$x| { $x } # revealed: Hash
  $g_array = [1].group_by |$_i, $x| { $x } # revealed: Hash
  $g_bad = true.group_by |$x| { $x } # error: [P102]
  $g_hash = { 'a' => 1 }.group_by |$_k, $v| { $v } # revealed: Hash
  $pt_unknown = $facts['x'].partition |$x| { $x } # revealed: Tuple[Array, Array]
  $pt_hash = { 'a' => 1 }.partition |$_k, $v| { $v } # revealed: Tuple[Array, Array]
  $pt_bad = true.partition |$x| { $x } # error: [P102]

  # index: by a lambda, or by a value; any value
  $ix_unknown = index($facts['x'], 'a') # revealed: Any
  $ix_string = index('abc', 'b') # revealed: Any
  $ix_lambda = [1].index |$x| { $x == 1 } # revealed: Any
  $ix_bad = index(true, 1) # error: [P102]
  $ix_hash = { 'a' => 1 }.index |$_k, $v| { $v == 1 } # revealed: Any

  # reduce: with or without a start value
  $r_unknown = $facts['x'].reduce |$_m, $x| { $x } # revealed: Any
  $r_memo = [1].reduce(0) |$m, $x| { $m + $x } # revealed: Any
  $r_bad = true.reduce |$_m, $x| { $x } # error: [P102]

  # reverse_each, step: an Iterator without a lambda, undef with one
  $re_unknown = reverse_each($facts['x']) # revealed: Iterator
  $re_lambda = [1].reverse_each |$x| { $x } # revealed: Undef
  $re_bad = reverse_each(true) # error: [P102]
  $step_unknown = step($facts['x'], 2) # revealed: Iterator
  $step_lambda = [1, 2].step(2) |$x| { $x } # revealed: Undef
  $step_bad = step([1, 2], 0) # error: [P102]

  # slice: a Hash or an Iterable
  $sl_unknown = slice($facts['x'], 2) # revealed: Any
  $sl_array = [1, 2].slice(2) |$x| { $x } # revealed: Any
  $sl_bad = slice(true, 2) # error: [P102]
  $sl_hash = { 'a' => 1 }.slice(1) |$x| { $x } # revealed: Any

  # tree_each: an Iterator without a lambda, the tree with one
  $te_unknown = tree_each($facts['x']) # revealed: Iterator
  $te_lambda = [1].tree_each |$x| { $x } # revealed: Variant[Iterator, Array, Hash, Object]
  $te_bad = tree_each(1) # error: [P102]
  $te_hash = { 'a' => 1 }.tree_each |$_k, $v| { $v } # revealed: Variant[Iterator, Array, Hash, Object]
}

class overloads_math($p) {
  # abs: a number, or a string that holds one
  $abs_unknown = abs($facts['x']) # revealed: Numeric
  $abs_number = abs(-1) # revealed: Numeric
  $abs_string = abs('-1') # revealed: Numeric
  $abs_bad = abs(true) # error: [P102]
  $ceil_unknown = ceiling($p) # revealed: Integer
  $ceil_bad = ceiling(true) # error: [P102]
  $ceil_float = ceiling(1.5) # revealed: Integer
  $floor_unknown = floor($p) # revealed: Integer
  $floor_bad = floor(true) # error: [P102]
  $floor_string = floor('1.5') # revealed: Integer

  # max, min: numbers, strings, arrays of them, or anything (with a lambda)
  $max_unknown = max($facts['x'], $facts['y']) # revealed: Any
  $max_numbers = max(1, 2) # revealed: Numeric
  $max_strings = max('a', 'b') # revealed: String
  $max_array = max([1, 2]) # revealed: Numeric
  $max_strarray = max(['a', 'b']) # revealed: String
  $max_mixed = max(1, 'b') # revealed: Any
  $max_lambda = max(1, 2) |$a| { $a } # error: [P103]
  $min_unknown = min($p, 1) # revealed: Any
  $min_numbers = min(1, 2.5) # revealed: Numeric
  $min_strings = min('a', 'b') # revealed: String
  $min_lambda = min(1, 2) |$a| { $a } # error: [P103]
}

class overloads_misc($p) {
  # call: a function by name, or a Deferred
  $call_unknown = call($facts['x']) # revealed: Any
  $call_name = call('join', ['a']) # revealed: Any
  $call_bad = call(1) # error: [P102]

  # compare: numbers, strings, versions, time values
  $cmp_unknown = compare($facts['x'], $facts['y']) # revealed: Integer
  $cmp_strings = compare('a', 'B', true) # revealed: Integer
  $cmp_bad = compare(1, 'a') # error: [P102]
  $cmp_numbers = compare(1, 2.5) # revealed: Integer

  # strftime: a Timespan, a Timestamp, or the legacy format string
  $sf_unknown = strftime($facts['x'], '%Y') # revealed: String
  $sf_legacy = strftime('%Y') # revealed: String
  $sf_bad = strftime(1) # error: [P102]
  $sf_timestamp = strftime(Timestamp('2020-01-01T00:00:00'), '%Y', 'UTC') # revealed: String
}

class overloads_types($p) {
  # annotate, assert_type, type, unwrap
  $an_bad = annotate(1, 2) # error: [P102]
  $an_unknown = annotate($facts['x'], 1) # revealed: Any
  $at_unknown = assert_type($facts['x'], 1) # revealed: Any
  $at_type = assert_type(Integer, 1) # revealed: Any
  $at_bad = assert_type(1, 2) # error: [P102]
  $ty_unknown = type($facts['x']) # revealed: Type
  $ty_reduced = type(1, 'reduced') # revealed: Type
  $ty_bad = type(1, 'bogus') # error: [P102]
  $ty_generalized = type(1, 'generalized') # revealed: Type
  $uw_unknown = unwrap($p) # revealed: Any
  $uw_sensitive = unwrap(Sensitive('x')) # revealed: Any
  $uw_bad = unwrap() # error: [P102]
  $uw_lambda = unwrap($p) |$v| { $v } # revealed: Any
}

# The union, not the first signature's return: a fact downcased may be a String.
define overloads_takes_string(String $s) { notice($s) }
overloads_takes_string { 'fact': s => downcase($facts['x']) }
overloads_takes_string { 'number': s => downcase(5) } # error: [P110]

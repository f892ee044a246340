notify { 'stdlib':
  message => [
    merge({ 'a' => 1 }, { 'b' => 2 }, { 'a' => 3 }), pick(undef, '', 'third'), pick_default(undef, 'd'),
    concat([1], [2, 3], 4), delete(['a', 'b', 'a'], 'a'), delete_undef_values([1, undef, 2]),
    prefix(['a', 'b'], 'p_'), suffix(['a'], '.conf'), to_json({ 'k' => [1, true] }), bool2str(true),
    str2bool('yes'), any2array('x'), join_keys_to_values({ 'a' => 1, 'b' => 2 }, '='),
    deep_merge({ 'a' => { 'x' => 1 } }, { 'a' => { 'y' => 2 } }), to_yaml({ 'a' => [1] }),
    parsejson('{"z": [1, 2]}'), stdlib::ensure(true, 'service'), validate_legacy(Integer, 'validate_integer', 5),
  ],
}

$ok = assert_type(String[1], 'fine')
notify { $ok: }
$bad = assert_type(Array[Integer], [1, 'two'])

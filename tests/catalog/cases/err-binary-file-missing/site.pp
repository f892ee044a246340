notify { 'before': }
$b = binary_file('files_mod/missing.bin')

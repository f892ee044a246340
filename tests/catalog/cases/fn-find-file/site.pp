# find_file / find_template / module_directory / binary_file look names up on the module path.
notify { 'find_file':
  message => [
    find_file('files_mod/a.txt'), find_file('files_mod/missing', 'files_mod/dir/b.txt'),
    find_file(['files_mod/nope', 'files_mod/a.txt']), find_file('files_mod/dir'),
    String(find_file('files_mod/missing')), String(find_file('nomod/x')), String(find_file('files_mod')),
    String(find_file()), String(find_file('/nonexistent/plint/file')),
  ],
}
notify { 'find_template':
  message => [find_template('files_mod/t.erb'), String(find_template('files_mod/a.txt'))],
}
notify { 'module_directory':
  message => [
    module_directory('files_mod'), module_directory('nope', 'files_mod'),
    module_directory(['nope', 'files_mod']), String(module_directory('nope')),
  ],
}
notify { 'binary_file':
  message => String(binary_file('files_mod/a.txt')),
}

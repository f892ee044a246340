class legacy_included { notify { 'legacy included': } }
notify { 'legacy':
  message => [hiera('arr'), hiera_array('arr'), hiera_hash('h'), hiera('nope', 'dflt')],
}
hiera_include('classes_list')

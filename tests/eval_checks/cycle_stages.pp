stage { 'pre': before => Stage['main'] }
class early { file { '/early': } }
class { 'early': stage => 'pre' }
file { '/late': before => File['/early'] }

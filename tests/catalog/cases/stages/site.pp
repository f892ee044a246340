stage { 'pre': before => Stage['main'] }
stage { 'post': }
Stage['main'] -> Stage['post']
class setup { notify { 'setup': } }
class cleanup { notify { 'cleanup': } }
class { 'setup': stage => 'pre' }
class { 'cleanup': stage => post }
notify { 'main work': }

notify { 'target': }
notify { 'src': before => 'Notify[target]' }

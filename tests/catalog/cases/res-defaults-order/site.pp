notify { 'before default': }
Notify { message => 'applies late too' }
notify { 'after default': }

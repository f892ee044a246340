notice('a notice')
warning('a warning')
debug('debug')
$r = info('info returns')
notify { 'logged': message => 'ok' }

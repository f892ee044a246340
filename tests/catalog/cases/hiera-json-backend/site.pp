notify { 'json': message => [lookup('json::value'), lookup('plain')] }

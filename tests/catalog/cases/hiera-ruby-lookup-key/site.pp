notify { 'computed': message => lookup('computed') }
notify { 'again': message => lookup('computed') }
notify { 'interp': message => lookup('interp') }
notify { 'count': message => lookup('count') }
notify { 'list': message => lookup('list') }
notify { 'fallback': message => lookup('fallback') }
notify { 'other': message => lookup('other') }
notify { 'missing': message => lookup('nope', undef, undef, 'dflt') }

type Web::Mode = Enum['static', 'proxy']

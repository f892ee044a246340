@notify { 'virtual': }
realize(Notify['virtual'], Notify['ghost'])

@@notify { 'exp1': message => 'exported one', tag => 'mine' }
Notify <<| tag == 'mine' |>>

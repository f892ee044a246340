define vdef($m = 'v') {
  notify { "vdef ${title}": message => $m }
}
@vdef { 'one': }
@vdef { 'two': m => 'second' }
realize(Vdef['two'])

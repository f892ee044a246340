notify { 'functions':
  message => [util::double(21), util::greet('you'), util::greet('x', 'Hi'), util::fact(6), 5.util::double],
}

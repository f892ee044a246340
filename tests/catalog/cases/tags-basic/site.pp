class tagged::thing {
  tag 'extra', 'more'
  notify { 'in class': }
  notify { 'with tag': tag => ['own', 'Mixed'] }
}
include tagged::thing
notify { 'top': tag => 'toptag' }

define item() {
  notify { "item ${title}": }
}
class holder {
  item { 'x': }
}
include holder
item { 'y': }

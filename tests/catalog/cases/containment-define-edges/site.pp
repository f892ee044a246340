define d() { notify { "in d ${title}": } }
class c {
  d { 'one': }
}
include c
d { 'top': }

class parent_p($shared = 'parent default') {
  $derived = "${shared}!"
}
class child_p inherits parent_p {
  notify { 'child': message => [$shared, $derived, $parent_p::shared] }
}
include child_p

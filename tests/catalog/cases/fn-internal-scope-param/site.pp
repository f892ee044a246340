# An InternalFunction with scope_param: the method receives the caller's scope first, and the
# resources it declares through it belong to the calling class.
class wrapper {
  scoped::declare(['one', 'two'])
  scoped::declare({ 'three' => { 'message' => 'given' } })
}
include wrapper

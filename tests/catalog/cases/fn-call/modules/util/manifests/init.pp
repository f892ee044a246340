class util {
  notify { 'util included': }
}

function util::greet(String $who, String $greeting = 'Hello') >> String {
  "${greeting}, ${who}!"
}

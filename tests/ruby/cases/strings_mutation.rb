s = +"Hello"
s.upcase!
r1 = "abc".upcase!
u = "x"
u.concat("y", "z")
v = "  v  "
v.strip!
w = "word"
w.gsub!("o", "0")
w2 = "word"
n = w2.sub!("zz", "y")
f = "frozen".freeze
err = begin
  f << "x"
rescue => e
  e.class.to_s + ": " + e.message
end
[s, r1, u, v, w, n, err, "ab".replace("cd"), "abc".insert(1, "X"), "abc".prepend(">")]

s = "key = value # comment"
m = s.match(/(\w+)\s*=\s*(\w+)/)
pos = (s =~ /=/)
a = $~ ? $~[0] : nil
if "2023-01-05" =~ /(\d+)-(\d+)-(\d+)/
  y, mo, d = $1, $2, $3
end
named = "john:42".match(/(?<name>\w+):(?<age>\d+)/)
[m[0], m[1], m[2], m.captures, pos, a, y, mo, d, named[:name], named["age"], named.names,
 "abc" !~ /x/, "abc".match?(/b/), "a1b2c3".scan(/\d/), "a1b2".scan(/([a-z])(\d)/), "foo.bar" =~ /\./,
 "Hello" =~ /hello/i, /a.c/m.match?("a\nc"), "path/to/file".split("/").last, Regexp.escape("a.b*c"),
 "a-b_c".tr("-_", "  "), /ab/.source, /ab/i.inspect, /ab/.to_s, "x".match(/y/)]

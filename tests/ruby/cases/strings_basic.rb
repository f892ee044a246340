s = "abc"
s << "def" << "g"
t = s.dup
t << "!"
x = "a-#{s}-#{1 + 2}-#{nil}-#{[1, "b"]}"
[s, t, x, s.length, s.size, s.upcase, "ABC".downcase, "hello world".capitalize, "aBc".swapcase,
 "  pad  ".strip, "  pad  ".lstrip, "  pad  ".rstrip, "line\n".chomp, "abc".chop, "a,b,,c".split(","),
 "a b  c".split, "a1b22c".split(/\d+/), "abc".split(""), "a,b,c".split(",", 2), "x".ljust(4, "."), "x".rjust(4),
 "x".center(5, "*"), "abc".reverse, "abc".include?("bc"), "abc".start_with?("ab"), "abc".end_with?("bc"),
 "hello".index("l"), "hello".rindex("l"), "hello"[1], "hello"[1, 3], "hello"[1..], "hello"[-3..-2], "hello"[10],
 "a%sb" % "X", "%05.2f|%-4d|%x|%s" % [3.14159, 42, 255, :sym], format("%3s|%-3s|%03d", "a", "b", 7),
 "abc" + "d", "ab" * 3, "abc" == "abc", "a" <=> "b", "b" > "a", "abc".empty?, "".empty?,
 "10".to_i, "0x1f".hex, "12abc".to_i, "3.5kg".to_f, "abc".to_sym, "Hello World".tr("lo", "01"),
 "aaabbb".squeeze, "hello".delete("l"), "hello".count("l"), "a\nb\n".lines, "ab".chars, "ab".bytes,
 "hello world".sub("o", "0"), "hello world".gsub("o", "0"), "hello".gsub(/l/) { |m| m.upcase },
 "a1b2".gsub(/(\d)/, '<\1>'), "john smith".gsub(/(\w+) (\w+)/, '\2 \1'), "cat".gsub(/[aeiou]/, "a" => "4"),
 "abc".frozen?, "abc".freeze.frozen?, "a".ord, 97.chr, "abc".succ, "az".succ, "zz".succ, "a9".succ]

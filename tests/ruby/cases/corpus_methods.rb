h = { "b" => [2, nil], "a" => [1] }
a = [3, nil, 1, [4, [5]]]
out = []
h.each_pair { |k, v| out << "#{k}=#{v.compact.join}" }
a.each_index { |i| out << i }
c = a.dup
c.compact!
c.flatten!
d = [1, 2, 3]
d.collect! { |x| x + 1 }
s = "Some Text"
s2 = s.dup
s2.gsub!(/[aeiou]/, "*")
s3 = "Mixed"
s3.downcase!
out += [c, d, s2, s3, a.drop(2), a.values_at(0, 2, 9), [[1, :a], [2, :b]].transpose, a.count, a.count(nil),
  "l1\nl2\nl3".lines.map(&:chomp), s.chars.first(3), a.last, "ab".ljust(5, "-") + "|", " x ".strip, s.upcase,
  h.key?("a"), h.delete("b"), h, [1, 2].zip([3, 4], [5, 6]), s.start_with?("So", "X"), 1.eql?(1), "a".eql?("a"),
  [5, 6, 7].index(6), [5, 6, 7].index { |x| x > 5 }, [3, 9, 2].max, [1, 1, 2].uniq, [1, 2].first, [1, 2].reverse,
  "abc".size, 1 <=> 2, "abc" !~ /z/, "%d%%" % 50, Regexp.escape("1.2.3"), Hash.new, JSON.parse("[1]"), s.end_with?("xt"),
  s.downcase, s.split(" "), "9".to_i + 1, [2, 1].sort, [[2, "b"], [1, "a"]].sort_by { |n, _| n }, s.capitalize,
  [1, 2, 3].inject { |m, x| m * x }, [1, 2].collect { |x| x }, [1, nil].compact, ["a", "b"].each_with_index.to_a,
  "a b".split.length, h.keys, h.has_key?("zz"), [1, [2]].flatten, h.to_hash, [3, 1].sort.first, "x".empty?,
  [1].include?(1), "k" == "k", 1 != 2, 2 >= 1, 3 > 2, 1 < 2, 2 <= 2, [1] + [2], 5 - 3, 2 * 3, "a" + "b",
  [1, 2].map(&:to_s).join(","), nil.nil?, 3.is_a?(Numeric), "x".kind_of?(Comparable), [1].any?, h.fetch("a"),
  "A-b".tr("-", "_").downcase, "abc".reverse, "3".to_i.to_s, [1, 2, 3].reject(&:even?), [[1, 2]].each { |x, y| out << x + y },
  "x=1".match(/(\w)=(\d)/).captures, "v1.2".match(/v(\d+)/)[1], [1, 2].each_with_index.map { |x, i| x * i }, out.size]
out

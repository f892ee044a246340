a = [3, 1, 2]
b = a.dup
b << 4
b.push(5, 6)
c = [1, [2, [3, nil]], nil]
[a.sort, a.sort.reverse, a.sort { |x, y| y <=> x }, a.max, a.min, a.sum, a.first, a.last, a.first(2), a.last(2),
 a.size, a.length, a.empty?, [].empty?, a.include?(2), a.index(2), a.join("-"), a.join, [1, [2, 3]].join(","),
 b, c.flatten, c.flatten(1), c.compact, [1, 1, 2].uniq, a.map { |x| x * 2 }, a.collect(&:to_s), a.select(&:odd?),
 a.reject(&:odd?), a.find { |x| x > 1 }, a.each_with_index.map { |x, i| x * i },
 a.inject(:+), a.inject(10) { |s, x| s + x }, a.reduce(1) { |s, x| s * x }, a.sort_by { |x| -x }, a.group_by(&:odd?),
 a.partition(&:even?), a.each_slice(2).to_a, a.zip([4, 5, 6]), [[1, 2], [3, 4]].transpose, a.min_by { |x| -x },
 a.count, a.count(1), a.count(&:odd?), a.any? { |x| x > 2 }, a.all?(Integer), a.none?(String), [nil, 1].any?,
 a + [9], a - [1], a & [1, 2], a | [5], a * 2, a * ",", a[0], a[-1], a[0, 2], a[1..], a[5], a.values_at(0, 2),
 a.take(2), a.drop(1), a.rotate, a.each_with_object([]) { |x, acc| acc << x }, a.to_h { |x| [x, x * x] },
 [[:a, 1], [:b, 2]].to_h, a.flat_map { |x| [x, x] }, a.filter_map { |x| x * 2 if x > 1 }, a.tally, a.minmax,
 [1, 2, 3, 4].each_cons(2).to_a, a.sum { |x| x * 10 }, %w[a b c], %i[a b], a.fetch(1), a.fetch(10, :d), a.dig(0)]

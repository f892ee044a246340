h = { "b" => 2, "a" => 1 }
h["c"] = 3
h.store("d", 4)
sym = { a: 1, b: { c: [10, 20] } }
d = Hash.new(0)
"hello".each_char { |ch| d[ch] += 1 }
g = Hash.new { |hash, k| hash[k] = k * 2 }
g[3]
[h, h.keys, h.values, h["a"], h["zz"], h.fetch("a"), h.fetch("zz", :dflt), h.fetch("zz") { |k| k * 2 }, h.key?("a"),
 h.has_key?("x"), h.include?("b"), h.value?(2), h.size, h.length, h.empty?, {}.empty?, h.sort, h.sort_by { |k, v| -v },
 h.map { |k, v| "#{k}=#{v}" }, h.select { |k, v| v > 1 }, h.reject { |k, v| v > 1 }, h.min_by { |k, v| v },
 h.to_a, h.invert, h.merge("a" => 100, "z" => 26), h.merge({ "a" => 5 }) { |k, o, n| o + n }, h.count, h.any? { |k, v| v > 3 },
 h.find { |k, v| v == 2 }, h.sum { |k, v| v }, h.each_with_object({}) { |(k, v), acc| acc[v] = k }, h.group_by { |k, v| v.odd? },
 h.transform_values { |v| v * 10 }, h.transform_keys(&:to_sym), h.filter_map { |k, v| k if v.even? }, h.key(2),
 h.values_at("a", "b"), h.dig("a"), sym.dig(:b, :c, 1), sym[:b][:c], d, g, h.to_h { |k, v| [v, k] }, h.inspect, h.to_s,
 h.each_with_index.map { |(k, v), i| "#{i}#{k}#{v}" }, h.inject(0) { |s, (k, v)| s + v }, h.compact, h.slice("a", "b"),
 h.sort.to_h, h.keys.sort.map { |k| h[k] }, h == { "b" => 2, "a" => 1, "c" => 3, "d" => 4 }, h.first, h.first(2)]

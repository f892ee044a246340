require 'json'
require 'set'
s = Set.new([1, 2])
s << 2 << 3
[JSON.generate({ "a" => [1, nil, true], "b" => "x\"y" }), JSON.pretty_generate({ "a" => { "b" => [1, 2] }, "c" => [] }),
 JSON.parse('{"k": [1, 2.5, "s", null]}'), s.include?(3), s.size, s.to_a, Array(nil), Array([1]), Array("a"), Array(1..3),
 String(12), Integer(3.99), Float(2), :abc.to_s, :upcase.to_proc.call("x"), 1.is_a?(Integer), "s".is_a?(String),
 [].kind_of?(Array), {}.instance_of?(Hash), nil.nil?, 1.nil?, nil.to_a, nil.to_s, nil.to_i, 3.class, "x".class, nil.class,
 [1, "a", :b, 2.0, nil, true].map(&:class), (1..4).to_a, (1...4).to_a, ('a'..'e').to_a, (1..10).step(3).to_a,
 (1..3).include?(2), (1..3).map { |i| i * i }, (1..3).sum, 1.0.nan?, "abc".respond_to?(:upcase), 5.clamp(1, 3),
 [1, 2] <=> [1, 3], "%.3e" % 12345.678, "%g" % 0.00001234, "%+d" % 5, "%08.3f" % -3.14159, "%-6s|" % "ab",
 format("%<a>s and %<b>05d", a: "x", b: 42), format("%{a}-%{b}", a: 1, b: 2), "%c%c" % [72, "i"], "%%", "%5.1s|" % "abc",
 "%o %b %X %#x" % [8, 5, 255, 255]]

require 'yaml'
a = [1, "x"]
h = { "z" => 1, "l" => a }
e = []
eh = {}
c = [1]
c << c
d = { "k" => 1 }
d["self"] = d
[{ "k1" => a, "k2" => a }.to_yaml, [h, h, a].to_yaml, { "a" => h, "b" => [h, a], "c" => a }.to_yaml,
 { "e1" => e, "e2" => e, "h1" => eh, "h2" => [eh] }.to_yaml, c.to_yaml, d.to_yaml, [[a], [a]].to_yaml,
 { "s1" => "same", "s2" => "same" }.to_yaml]

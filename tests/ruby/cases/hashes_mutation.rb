h = { "x" => 1, "y" => 2, "z" => 3 }
del = h.delete("y")
miss = h.delete("q")
h.merge!("w" => 0)
h.update("x" => 9)
h.delete_if { |k, v| v == 0 }
out = []
h.each { |k, v| out << "#{k}:#{v}" }
h.each_pair { |k, v| out << k }
h.each_key { |k| out << k.upcase }
h.each_value { |v| out << v }
k = "key"
h2 = { k => 1 }
k << "!"
[h, del, miss, out, h2, h2.keys.first.frozen?, h.keys.first.frozen?]

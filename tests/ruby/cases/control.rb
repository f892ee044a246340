out = []
x = 5
out << (x > 3 ? "big" : "small")
if x < 3
  out << "lt"
elsif x < 10
  out << "mid"
else
  out << "ge"
end
out << "unless" unless x == 4
out << "if-mod" if x == 5
i = 0
while i < 3
  i += 1
  next if i == 2
  out << i
end
until i == 0
  i -= 1
end
out << i
[1, 2, 3, 4].each do |v|
  break if v == 3
  out << v * 100
end
r = [1, 2, 3].each { |v| next if v == 2 }
out << r
case "apple"
when "pear", "plum" then out << :pear
when /^ap/ then out << :ap
else out << :other
end
case 7
when 1..5 then out << :low
when Integer then out << :int
end
case
when x > 4 then out << :case_no_subject
end
out << (nil || "default")
out << (false or "or")
out << (1 and 2)
out << (not true)
out << !nil
y = nil
y ||= 10
y ||= 20
z = 1
z &&= z + 1
a, b, *c = 1, 2, 3, 4
d, (e, f) = 1, [2, 3]
g, h = [7, 8]
m = n = 5
for q in [1, 2] do out << q * 3 end
out << [y, z, a, b, c, d, e, f, g, h, m, n, q]
out << [1, 2, 3].map do |v| v end
out << defined?(zzz) << defined?(out) << defined?(String)
out

a = [1, 2, 3, 4]
x = a.pop
y = a.shift
a.unshift(0)
a.insert(1, :i)
a.delete(:i)
a.delete_at(0)
a[5] = :five
b = [3, 1, 2]
b.sort!
b.map! { |v| v * 10 }
c = [1, nil, 2, nil]
c.compact!
d = [1, 2, 3, 4]
d.select! { |v| v.even? }
e = [1, 2, 3]
e.reject!(&:odd?)
f = [[1, 2], [3, 4]]
f.each { |p, q| e << p + q }
[a, x, y, b, c, d, e, f.map { |p, q| p * q }, [1, 2, 3].each_with_index.to_a, [4, 5].each_with_index.map { |v, i| "#{i}:#{v}" }]

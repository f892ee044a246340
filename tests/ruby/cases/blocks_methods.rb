def greet(name, greeting = "Hello", *rest, upper: false, &blk)
  s = "#{greeting}, #{name}#{rest.join}"
  s = s.upcase if upper
  s = blk.call(s) if blk
  s
end

def twice
  return :noblock unless block_given?
  [yield(1), yield(2)]
end

def early(x)
  return "neg" if x < 0
  "pos"
end

def fact(n)
  n <= 1 ? 1 : n * fact(n - 1)
end

sq = lambda { |v| v * v }
add = ->(p, q) { p + q }
counter = 0
inc = proc { counter += 1 }
inc.call
inc.()
total = 0
[1, 2, 3].each { |v| total += v }
pairs = [[1, 2], [3, 4]].map { |(a, b)| a * b }
[greet("Bob"), greet("Al", "Hi", "!", "?"), greet("x", upper: true), greet("y") { |s| s.reverse },
 twice { |v| v * 10 }, twice, early(-1), early(1), fact(20), fact(25), sq.call(4), sq[5], add.(1, 2), counter, total, pairs,
 [1, 2, 3].map(&sq), %w[a b].each_with_index.map { |s, i| s * (i + 1) }, [3, 1].sort_by { _1 }]

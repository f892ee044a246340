name = "world"
h1 = <<~EOS
  Hello #{name}
    indented
  done
EOS
h2 = <<-'RAW'
    raw #{name}
    RAW
a, b = 1, 2
a, b = b, a
x = [1, 2, 3].map do |v|
  next 0 if v == 2
  v * 10
end
y = loop do
  break :out
end
i = 0
begin
  i += 1
end while i < 3
j = 10
j -= 1 until j < 5
s = "#{1.5} #{[1, nil]} #{{ "a" => nil }} #{:sym} #{nil.inspect} #{2**64}"
t = 'single #{not} \' \\'
u = "tab\tnew\\n \u00e9 \x41"
w = %w[x y #{name}]
q = %q(it's #{name})
qq = %Q(it's #{name})
sym_list = %i[a b]
cond = (1 if false)
chained = [3, 1, 2].sort.reverse.map(&:to_s).join("|").upcase
nested = [1, 2].map { |o| [3, 4].map { |p| o * p } }
closure = []
adder = ->(n) { ->(m) { n + m } }
closure << adder.(1).(2)
counter = 0
incr = -> { counter += 1 }
3.times { incr.call }
frozen = "lit".frozen?
[h1, h2, a, b, x, y, i, j, s, t, u, w, q, qq, sym_list, cond, chained, nested, closure, counter, frozen,
 [1, 2, 3].sum.fdiv(2), 7.divmod(2), 10.0.to_i, 1e3.to_i, -7.abs, 3.14.truncate, 10.gcd(4), 1.0 / 3 * 3]

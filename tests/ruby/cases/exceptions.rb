out = []
begin
  raise "plain"
rescue => e
  out << [e.class, e.message]
end
begin
  raise ArgumentError, "bad arg"
rescue TypeError
  out << :wrong
rescue ArgumentError => e
  out << [e.class, e.message]
ensure
  out << :ensured
end
begin
  raise ArgumentError
rescue => e
  out << e.message
end
v = begin
  Integer("x")
rescue
  -1
end
out << v
out << (Integer("y") rescue :inline)
def risky
  yield
rescue KeyError => e
  "rescued #{e.message}"
else
  "fine"
ensure
  nil
end
out << risky { {}.fetch(:k) }
out << risky { 1 }
out << catch(:done) { [1, 2, 3].each { |i| throw :done, i * 10 if i == 2 }; :never }
begin
  begin
    raise IndexError, "inner"
  rescue IndexError => e
    raise RuntimeError, "outer: #{e.message}"
  end
rescue RuntimeError => e
  out << e.message
end
err = StandardError.new("made")
out << err.message
out

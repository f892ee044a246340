def kind(v)
  case v
  when nil then "nil"
  when true, false then "bool"
  when Integer then v > 10 ? "big int" : "int"
  when Float then "float"
  when /^\d+$/ then "digits"
  when String, Symbol then "text"
  when Array then "array of #{v.size}"
  when Hash then "hash"
  else "other"
  end
end
def grade(n)
  case n
  when 90.. then "A"
  when 80...90 then "B"
  when *[70, 71, 72] then "C-"
  else "F"
  end
end
[kind(nil), kind(true), kind(42), kind(3), kind(1.5), kind("123"), kind("abc"), kind(:s), kind([1, 2]), kind({}),
 kind(1..2), grade(95), grade(85), grade(71), grade(10), (case 5 when 1..3 then :low else :high end)]

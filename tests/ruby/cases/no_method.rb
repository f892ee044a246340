r = []
r << (begin; "abc".join(","); rescue NoMethodError => e; e.message; end)
r << (begin; [1, 2].upcase; rescue NoMethodError => e; e.message; end)
r << (begin; 5.each { }; rescue NoMethodError => e; e.message; end)
r << (begin; { "a" => 1 }.strip; rescue NoMethodError => e; e.message; end)
r << (begin; true.size; rescue NoMethodError => e; e.message; end)
r << (begin; :sym.each; rescue NoMethodError => e; e.message; end)
r

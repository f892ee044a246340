r = []
r << (begin; 1 / 0; rescue ZeroDivisionError => e; e.message; end)
r << (begin; Integer("abc"); rescue ArgumentError => e; e.message; end)
r << (begin; Integer(nil); rescue TypeError => e; e.message; end)
r << (begin; 1 + "a"; rescue TypeError => e; e.message; end)
r << (begin; "a" + 1; rescue TypeError => e; e.message; end)
r << (begin; [1, "a"].sort; rescue ArgumentError => e; e.message; end)
r << (begin; nil.join; rescue NoMethodError => e; e.message; end)
r << Integer("zz", exception: false)
r

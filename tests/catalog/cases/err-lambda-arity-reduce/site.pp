$f = [1, 2].reduce |$a| { $a }

filter([1, 2]) |$a, $b, $c| { true }

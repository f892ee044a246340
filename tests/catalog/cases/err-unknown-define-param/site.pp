define d($known = 1) {}
d { 'x': unknown => 2 }

$parts = split('a1b22c333', /\d+/)
$csv = 'x, y ,z'.split(/\s*,\s*/)
notify { 'split': message => [$parts, $csv, $parts.join('|')] }

define inner_def($msg) {
  notify { "inner ${title}": message => $msg }
}
define outer_def($count = 2) {
  Integer[1, $count].each |$i| {
    inner_def { "${title}-${i}": msg => $i }
  }
}
outer_def { 'o': }
outer_def { 'p': count => 1 }

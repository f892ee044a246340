$versions = ['1.0', '2.0']
$count = $versions + [1]
notice($count)
$limit = 10
if $limit < 5 {
  notice('small')
}

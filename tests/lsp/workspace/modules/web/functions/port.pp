# @summary The port after `base`.
function web::port(Integer $base, Integer $step = 1) >> Integer {
  $base + $step
}

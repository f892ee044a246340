# @summary Twice the number.
function app::double(Integer $n) >> Integer {
  $n * 2
}

# `$module_name` in the names given to `file()`: the first that exists.
class mf::mn_file {
  $r = file("${module_name}/none", "${module_name}/a.txt")
  notice("RESULT=[${r}]")
}

# `$module_name` in a template's name is this class's module.
class mf::mn_template {
  $r = template("${module_name}/plain.erb")
  notice("RESULT=[${r}]")
}

# `$module_name` in an EPP template's name, without its extension.
class mf::mn_epp {
  $r = epp("${module_name}/page")
  notice("RESULT=[${r}]")
}

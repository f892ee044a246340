# stdlib's 3.x functions that read local files: get_module_path, loadyaml, loadjson, glob.
$dir = get_module_path('filedata')
$stdlib = get_module_path('stdlib')
notify { 'module': message => String($dir =~ /\/filedata$/) }
notify { 'stdlib': message => String($stdlib =~ /\/stdlib$/) }
notify { 'yaml': message => String(loadyaml("${dir}/files/data.yaml")) }
notify { 'json': message => String(loadjson("${dir}/files/data.json")) }
notify { 'yaml-default': message => String(loadyaml("${dir}/files/missing.yaml", { 'default' => true })) }
notify { 'json-default': message => String(loadjson("${dir}/files/missing.json", 'fallback')) }
notify { 'glob': message => String(glob("${dir}/files/conf/*.conf").map |$p| { $p.split('/')[-1] }) }
notify { 'glob-many': message => String(glob(["${dir}/files/*.json", "${dir}/files/conf/{two,one}.conf"]).map |$p| { $p.split('/')[-1] }) }

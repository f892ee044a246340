include tmpl

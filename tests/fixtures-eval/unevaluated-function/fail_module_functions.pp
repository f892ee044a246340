# A function that declares a class: the class is missing from the catalog.
role('web')
role('db')
$hosts = legacy_hosts()
notice($hosts)

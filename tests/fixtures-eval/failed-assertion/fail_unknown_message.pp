# A message built from a value plint cannot know says where that value comes from.
$role = puppetdb_query('facts[value] { name = "role" and certname = "web1" }')
fail("unsupported role: ${role}")

# A module whose metadata.json does not parse: Puppet 8 (`strict = error`) fails to load it,
# Puppet 7 warns and ignores the file.
include demo

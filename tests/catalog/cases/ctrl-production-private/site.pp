# A control repository in the shape of large production ones (see ctrl-production-shaped), with
# a private data checkout beside it (a Hiera level whose datadir lies outside the repository)
# and an eyaml level whose encrypted values plint never decrypts.
node default {
  site::role('webserver')
}

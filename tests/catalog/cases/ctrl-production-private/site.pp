# A control repository in the shape of large production ones: a role() function written in Ruby
# that sets a top-scope variable and includes the node's role class; Hiera levels served by the
# repository's own lookup_key backends (one that maps `a::b::c` to `common/a/b.yaml`, one that
# matches keys by regular expression), plain YAML below them; with
# a private data checkout beside it (a Hiera level whose datadir lies outside the repository)
# and an eyaml level whose encrypted values plint never decrypts.
node default {
  site::role('webserver')
}

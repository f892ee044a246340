$v = 'world'
$t = inline_epp('Hello <%= $v %>! <% if $x > 1 { %>big<% } else { %>small<% } %>', { 'x' => 2 })
$u = inline_epp("<%- | \$a | -%>\n[<%= \$a %>]\n", { 'a' => 'param' })
notify { 'epp': message => [$t, $u] }

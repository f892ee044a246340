# Cases for tests/eval_epp.rs: EPP templates (inline_epp, epp with the module path
# tests/eval/epp_modules), template/inline_template, evaluated by the real Puppet
# (scripts/oracle/epp-oracle.sh writes epp.expected) and by plint's evaluator.
# --- text, expressions, escapes, comments
notice(inline_epp('plain text'))
notice(inline_epp(''))
notice(inline_epp('a<%= 1 + 2 %>b'))
notice(inline_epp('<%= [1, "a", undef] %>|<%= {a => 1} %>|<%= undef %>|<%= 1.5 %>|<%= true %>'))
notice(inline_epp('<%= "x" %><%= \'y\' %>'))
notice(inline_epp('a <%% b %%> c'))
notice(inline_epp('x <%# a comment %> y'))
notice(inline_epp('x <%#%> y'))
notice(inline_epp('x <%# 100%%> still comment %> y'))
notice(inline_epp('<%= "%>" %>|<%= \'%>\' %>'))
notice(inline_epp('<%= $facts =~ Hash %>'))
notice(inline_epp('<%= 10 % 3 %>'))
notice(inline_epp('<%= 5 -3 %>'))
notice(inline_epp('<% $a = 3 %>a=<%= $a %>'))
notice(inline_epp('<% $a = 3 -%>a=<%= $a -%>  .'))
notice(inline_epp('<%=-1 %>'))
notice(inline_epp('<%= Sensitive(1) %>') =~ Sensitive)
notice(inline_epp('<%= "a\nb" %>'))
notice(inline_epp('<%= $x %>', {x => 'given'}))
notice(inline_epp('<%= $x %>-<%= $y %>', {x => 1, y => [2]}))
# --- trimming
<<<
notice(inline_epp("a\n  <%- \$x = 1 -%>  \nb\n"))
>>>
<<<
notice(inline_epp("a\n  <% \$x = 1 %>  \nb\n"))
>>>
<<<
notice(inline_epp("a\n  <%= 1 -%>\nb\n"))
>>>
<<<
notice(inline_epp("a\n  <%= 1 -%>  x\nb\n"))
>>>
<<<
notice(inline_epp("a\t<%- \$x = 1 %>\tb"))
>>>
<<<
notice(inline_epp("a  <%#- note -%>  \nb"))
>>>
<<<
notice(inline_epp("a  <%# note -%>\n\nb"))
>>>
<<<
notice(inline_epp("a <%- -%>\r\nb"))
>>>
<<<
notice(inline_epp("a <%- -%>\n\n\nb"))
>>>
<<<
notice(inline_epp("<% if true { -%>\nyes\n<% } else { -%>\nno\n<% } -%>\nend\n"))
>>>
<<<
notice(inline_epp("<% [1, 2, 3].each |\$x| { -%>\n- <%= \$x %>\n<% } -%>\n"))
>>>
<<<
notice(inline_epp("<% [1, 2].each |\$x| { %><%= \$x %>,<% } %>"))
>>>
<<<
notice(inline_epp("<% \$m = [1, 2, 3].map |\$x| { \$x * 10 } -%>\n<%= \$m.join(':') %>"))
>>>
<<<
notice(inline_epp("<% unless false { %>u<% } %><% case 2 { 1: { %>one<% } default: { %>other<% } } %>"))
>>>
<<<
notice(inline_epp("<% # a puppet comment\n \$v = 1 %>v=<%= \$v %>"))
>>>
<<<
notice(inline_epp("<% /* block */ \$v = 2 %>v=<%= \$v %>"))
>>>
<<<
notice(inline_epp("<%= \$x -%>\n<%= \$y %>", {x => 1, y => 2}))
>>>
# --- parameters
notice(inline_epp('<%- | $a, Integer $b = 2 | -%>a=<%= $a %> b=<%= $b %>', {a => 1}))
notice(inline_epp('<%- | $a, Integer $b = 2 | -%>a=<%= $a %> b=<%= $b %>', {a => 1, b => 5}))
notice(inline_epp('<%- | $a | -%>a=<%= $a %>', {a => 1, c => 2}))
notice(inline_epp('<%- | $a | -%>a=<%= $a %>', {}))
notice(inline_epp('<%- | $a | -%>a=<%= $a %>'))
notice(inline_epp('<%- | Integer $a | -%>a=<%= $a %>', {a => 'x'}))
notice(inline_epp('<%- | Integer $a, String $b | -%>', {a => 'x', c => 1}))
notice(inline_epp('<%- | Optional[Integer] $a | -%>a=<%= $a %>', {}))
notice(inline_epp('<%- | Optional[Integer] $a | -%>a=<%= $a %>', {a => undef}))
notice(inline_epp('<%- | Integer $a | -%>a=<%= $a %>', {a => undef}))
notice(inline_epp('<%- | Integer $a = 7 | -%>a=<%= $a %>', {a => undef}))
notice(inline_epp('<%- | $a, $b = $a + 1 | -%><%= $a %>,<%= $b %>', {a => 1}))
notice(inline_epp('<%- | String $s = 1 | -%><%= $s %>'))
notice(inline_epp('<%- | | -%>empty params'))
notice(inline_epp('<%- | | -%>empty params', {x => 1}))
notice(inline_epp('<% | $a | %>[<%= $a %>]', {a => 1}))
notice(inline_epp('  <%- | $a | -%>[<%= $a %>]', {a => 1}))
notice(inline_epp(' <% | $a | %>[<%= $a %>]', {a => 1}))
notice(inline_epp('<%- | $a, | -%><%= $a %>', {a => 1}))
notice(inline_epp('<%- | Enum["x|y", "z"] $a | -%><%= $a %>', {a => 'x|y'}))
notice(inline_epp('<%- | $a | -%><%= $a %>', {a => [1, {b => 2}]}))
notice(inline_epp('<%- | $a, $a | -%><%= $a %>', {a => 1}))
notice(inline_epp('<%- | *$a | -%><%= $a %>', {a => 1}))
notice(inline_epp('<%- | $a | $b = 1 -%><%= $a %><%= $b %>', {a => 1}))
notice(inline_epp('<%- | $a | -%><% $a = 2 %>', {a => 1}))
# --- scope: inline_epp sees the caller's variables, epp only the top scope
$g = 'top' notice(inline_epp('g=<%= $g %>'))
$g = 'top' with('loc') |$l| { notice(inline_epp('g=<%= $g %> l=<%= $l %>')) }
$g = 'top' with('loc') |$l| { notice(epp('eppt/scope.epp')) }
$g = 'top' with('loc') |$l| { notice(epp('eppt/scope.epp', {l => 'given'})) }
$g = 'top' notice(inline_epp('<% $g2 = 1 %><%= $g %>')) notice($g2)
$g = 'top' notice(inline_epp('<%= $g %>', {g => 'param'}))
$x = 'outer' notice(inline_epp('<%- | $x | -%><%= $x %>', {x => 'inner'})) notice($x)
# --- epp() files
notice(epp('eppt/params.epp', {name => 'srv'}))
notice(epp('eppt/params.epp', {name => 'srv', port => 8080, extra => 'yes'}))
notice(epp('eppt/params.epp', {name => 'srv', port => 'x'}))
notice(epp('eppt/params.epp'))
notice(epp('eppt/params', {name => 'noext'}))
$g = 'G' notice(epp('eppt/noparams.epp', {x => 'X'}))
notice(epp('eppt/loop.epp', {users => ['ann', 'bob'], opts => {a => 1, b => 2}}))
notice(epp('eppt/loop.epp', {users => ['ann', 3]}))
notice(epp('eppt/nested.epp', {n => 21}))
notice(epp('eppt/leaf.epp', {v => 'x'}))
notice(epp('eppt/bad_syntax.epp', {x => 1}))
notice(epp('eppt/crlf.epp'))
notice(epp('eppt/crlf2.epp'))
notice(epp('eppt/missing.epp'))
notice(epp('nosuchmodule/x.epp'))
notice(epp(1))
notice(epp('eppt/leaf.epp', 'notahash'))
# --- errors in templates
notice(inline_epp('<%= $nosuch %>'))
notice(inline_epp('<%= 1 +  %>'))
notice(inline_epp('a <%= 1'))
notice(inline_epp('a <%# x'))
notice(inline_epp('a <%'))
notice(inline_epp('a <% $x = 1'))
notice(inline_epp('text <% |$a| %>', {a => 1}))
notice(inline_epp('<% fail("boom") %>'))
notice(inline_epp('<%= 1, 2 %>'))
notice(inline_epp('<% } %>'))
notice(inline_epp('<% [1].each |$x| { %>'))
notice(inline_epp(1))
notice(inline_epp('x', 'y'))
notice(inline_epp())
notice(inline_epp('<%= $x %>', {'::x' => 1}))
notice(inline_epp('<%= inline_epp("<%= 2 %%>") %>'))
notice(inline_epp('a<% break() %>b'))
notice(inline_epp('a<% next() %>b'))
notice(inline_epp('a<% return(1) %>b'))
# --- ERB templates are not evaluated by plint (the oracle renders them)
$t = inline_template('<%= 1 + 1 %>') notice('evaluated')
$t = template('eppt/none.erb', 'eppt/none2.erb') notice('never')
# --- file(): a module file's content
notice(file('eppt/hello.txt'))
notice(file('eppt/none.txt', 'eppt/hello.txt'))
notice(file('eppt/none.txt'))
notice(inline_epp('<%= file("eppt/hello.txt") %>'))

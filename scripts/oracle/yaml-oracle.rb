#!/usr/bin/env ruby
# Psych's verdicts on YAML texts, as Puppet and Hiera load them (Puppet::Util::Yaml.safe_load:
# YAML.safe_load with aliases allowed and Symbol permitted; yaml_data and hiera.yaml read the
# file as UTF-8, a byte order mark included), recorded for tests/yaml.rs:
#
#   tests/yaml/NAME.yaml          hand-written documents  -> tests/yaml/NAME.expected.json
#   generated edge cases (below)                          -> tests/yaml/cases.json
#   every *.yaml / *.yml of the corpus (/usr/share/puppet/modules, or the folder given)
#                                                         -> tests/yaml/corpus.json
#
# Usage: ruby scripts/oracle/yaml-oracle.rb [CORPUS]
#
# A verdict is tagged JSON so that types survive: {"s": "text"}, {"i": "12"}, {"f": "1.5"}
# (Ruby's Float#to_s), {"x": "ff00"} (bytes that are not UTF-8), {"b": true}, {"n": null}, {"a": [...]}, {"h": [[key, value], ...]};
# or, when loading fails, {"error": problem, "line": n, "column": c} with Psych's line and
# column (libyaml's context mark, 1-based) for a syntax error, line 0 for any other error (a
# class safe_load refuses, an unknown alias). A recursive collection is {"recursive": true}.
require 'yaml'
require 'json'

# A recursive collection (an alias inside the collection it names, which Psych builds) is
# {"recursive": true}: Puppet cannot use such data.
def tag(v, open = {})
  return { 'recursive' => true } if open.key?(v.object_id)

  case v
  when nil then { 'n' => nil }
  when true, false then { 'b' => v }
  when Integer then { 'i' => v.to_s }
  when Float then { 'f' => v.to_s }
  when Symbol then { 's' => v.to_s }
  when String
    utf8 = v.dup.force_encoding('UTF-8')
    utf8.valid_encoding? ? { 's' => utf8 } : { 'x' => v.unpack1('H*') }
  when Array, Hash
    open[v.object_id] = true
    out = if v.is_a?(Array)
            { 'a' => v.map { |e| tag(e, open) } }
          else
            { 'h' => v.map { |k, e| [tag(k, open), tag(e, open)] } }
          end
    open.delete(v.object_id)
    out
  else { 'other' => v.class.name }
  end
end

def verdict(text)
  tag(YAML.safe_load(text, permitted_classes: [Symbol], aliases: true))
rescue Psych::SyntaxError => e
  { 'error' => e.problem.to_s, 'line' => e.line, 'column' => e.column }
rescue StandardError, Psych::Exception => e
  { 'error' => e.message, 'line' => 0 }
end

# The generated edge cases: [name, text].
def cases
  out = []
  add = ->(name, text) { out << [name, text] }

  # Flow collections across lines: the key at 0, 2 or 4 columns (in a mapping or a sequence),
  # the items and the closing bracket at every indentation around it.
  [['[', ']', "'SELECT', 'INSERT'"], ['{', '}', 'a: 1, b: 2']].each do |open, close, items|
    kind = open == '[' ? 'seq' : 'map'
    [
      ['top', 0, ''],
      ['inmap', 2, "outer:\n"],
      ['inmap', 4, "outer:\n  mid:\n"],
      ['inseq', 2, ''],
    ].each do |where, key_indent, head|
      key_line = where == 'inseq' ? '- ' : ' ' * key_indent
      (0..key_indent + 4).each do |item_indent|
        (0..key_indent + 4).each do |close_indent|
          text = "#{head}#{key_line}privileges: #{open}\n#{' ' * item_indent}#{items}\n" \
                 "#{' ' * close_indent}#{close}\n#{' ' * key_indent}other: 1\n"
          add.call("flow_#{kind}_#{where}#{key_indent}_items#{item_indent}_close#{close_indent}", text)
        end
      end
    end
    # The opening bracket alone on the next line, and nested flow collections.
    add.call("flow_#{kind}_open_next_line", "key:\n#{open}\n#{items}\n#{close}\n")
    add.call("flow_#{kind}_open_next_line_indented", "key:\n  #{open}\n  #{items}\n  #{close}\n")
    add.call("flow_#{kind}_nested", "key: [#{open}\n#{items}\n#{close}, [\n1]\n]\n")
    add.call("flow_#{kind}_trailing_comma", "key: #{open}#{items},\n#{close}\n")
    add.call("flow_#{kind}_unclosed", "key: #{open}#{items}\nother: 1\n")
    add.call("flow_#{kind}_top_level", "#{open}\n#{items}\n#{close}\n")
    add.call("flow_#{kind}_comment_inside", "key: #{open} # c\n  #{items} # c\n#{close} # c\n")
  end
  add.call('issue_28_privileges', "mysql::server::users:\n  'app@%':\n    privileges: [\n      'SELECT', 'INSERT'\n    ]\n    table: '*.*'\n")
  add.call('flow_seq_item_dedented_below_key', "a:\n  b: [\n1, 2]\n")
  add.call('flow_map_implicit_key_multiline', "key: { a\n: 1 }\n")
  add.call('flow_seq_single_pair', "key: [a: 1, b: 2]\n")
  add.call('flow_map_in_block_seq', "- { a: 1,\n  b: 2 }\n- [x,\ny]\n")
  add.call('flow_empty_collections', "a: []\nb: {}\nc: [ ]\nd: [\n]\n")

  # Anchors, aliases and merge keys.
  add.call('anchor_scalar', "a: &x 1\nb: *x\n")
  add.call('anchor_map_merge', "base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n")
  add.call('anchor_merge_list', "a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n")
  add.call('anchor_redefined', "a: &x 1\nb: &x 2\nc: *x\n")
  add.call('alias_unknown', "a: *nope\n")
  add.call('alias_recursive', "a: &x [1, *x]\n")
  add.call('anchor_on_key', "&k a: 1\nb: *k\n")
  add.call('anchor_on_seq', "a: &s\n  - 1\n  - 2\nb: *s\n")
  add.call('alias_as_key', "a: &k key\n*k : 1\n")
  add.call('anchor_without_value', "a: &x\nb: *x\n")
  add.call('merge_scalar', "a:\n  <<: 1\n")
  add.call('merge_quoted', "a: &a {x: 1}\nb:\n  '<<': *a\n")

  # Tags.
  %w[!ruby/regexp !ruby/sym !ruby/symbol !!str !!int !!float !!bool !!null !!binary
     !ruby/object:Foo !ruby/range !ruby/class !custom !!timestamp !str !!set !!omap
     !ruby/string !ruby/hash:Foo !!map !!seq].each do |t|
    safe = t.gsub(/[^a-z]/i, '_')
    add.call("tag_scalar#{safe}", "a: #{t} 'x'\n")
    add.call("tag_plain#{safe}", "a: #{t} 12\n")
    add.call("tag_map#{safe}", "a: #{t} {x: 1}\n")
    add.call("tag_seq#{safe}", "a: #{t} [1]\n")
  end
  add.call('tag_regexp_slashes', "a: !ruby/regexp /ab+c/i\n")
  add.call('tag_verbatim', "a: !<tag:yaml.org,2002:str> 12\n")
  add.call('tag_directive', "%TAG !e! tag:example.com,2000:\n---\na: !e!foo 1\n")
  add.call('tag_undefined_handle', "a: !e!foo 1\n")
  add.call('tag_before_comma_in_flow', "a: [!!str, b]\nc: {x: !custom, y: 1}\n")
  add.call('tag_binary_text', "a: !!binary aGVsbG8=\n")
  add.call('symbol_plain', "a: :sym\n:key: 1\n")

  # Tabs.
  add.call('tab_indent_map', "a:\n\tb: 1\n")
  add.call('tab_indent_seq', "a:\n\t- 1\n")
  add.call('tab_after_colon', "a:\tb\n")
  add.call('tab_after_dash', "-\t1\n")
  add.call('tab_in_value', "a: b\tc\n")
  add.call('tab_in_quoted', "a: \"b\tc\"\n")
  add.call('tab_before_comment', "a: b\t# c\n")
  add.call('tab_in_flow', "a: [\t1,\t2]\n")
  add.call('tab_flow_continuation', "a: [\n\t1]\n")
  add.call('tab_in_block_scalar', "a: |\n  x\n\ty\n")
  add.call('tab_trailing', "a: 1\t\n")
  add.call('tab_only_line', "a: 1\n\t\nb: 2\n")

  # Document markers and multiple documents.
  add.call('doc_start', "---\na: 1\n")
  add.call('doc_start_value', "--- a\n")
  add.call('doc_end', "a: 1\n...\n")
  add.call('doc_end_then_garbage', "a: 1\n...\nb: 2\n")
  add.call('doc_two', "---\na: 1\n---\nb: 2\n")
  add.call('doc_two_second_broken', "---\na: 1\n---\nb: [\n")
  add.call('doc_start_only', "---\n")
  add.call('doc_end_only', "...\n")
  add.call('doc_start_indented', "  ---\na: 1\n")
  add.call('doc_start_in_map', "a: 1\n---\n")
  add.call('doc_directive_yaml', "%YAML 1.1\n---\na: 1\n")
  add.call('doc_directive_yaml12', "%YAML 1.2\n---\na: 1\n")
  add.call('doc_directive_no_start', "%YAML 1.1\na: 1\n")
  add.call('doc_dashes_in_scalar', "a: ---\nb: ...\n")
  add.call('doc_start_comment', "--- # c\na: 1\n")

  # Duplicate keys.
  add.call('dup_key', "a: 1\nb: 2\na: 3\n")
  add.call('dup_key_nested', "a:\n  x: 1\n  x: 2\n")
  add.call('dup_key_flow', "{a: 1, a: 2}\n")
  add.call('dup_key_types', "1: a\n'1': b\n1: c\n")

  # Long scalars and keys (libyaml refuses a simple key longer than 1024 characters).
  add.call('long_value', "a: #{'x' * 5000}\n")
  add.call('long_key_1024', "#{'k' * 1022}: 1\n")
  add.call('long_key_1030', "#{'k' * 1030}: 1\n")
  add.call('long_quoted_key', "\"#{'k' * 1100}\": 1\n")
  add.call('long_explicit_key', "? #{'k' * 1100}\n: 1\n")
  add.call('long_key_multibyte_600', "#{'é' * 600}: 1\n")
  add.call('long_key_multibyte_1030', "#{'é' * 1030}: 1\n")
  add.call('error_column_after_multibyte', "clé: été: x\n")
  add.call('long_folded', "a: >\n" + ("  word " * 400) + "\n")

  # Byte order marks.
  add.call('bom_map', "\uFEFFa: 1\n")
  add.call('bom_doc_start', "\uFEFF---\na: 1\n")
  add.call('bom_empty', "\uFEFF")
  add.call('bom_second_doc', "a: 1\n---\n\uFEFFb: 1\n")

  # Comments in odd places.
  add.call('comment_after_key', "a: # c\n  1\n")
  add.call('comment_between_items', "a:\n  # c\n  - 1\n# c\n  - 2\n")
  add.call('comment_no_space', "a: b#c\n")
  add.call('comment_after_quoted_no_space', "a: 'b'#c\n")
  add.call('comment_in_block_scalar', "a: |\n  x\n  # not a comment\nb: 1\n")
  add.call('comment_after_block_indicator', "a: | # c\n  x\n")
  add.call('comment_dedented_in_block_scalar', "a: |\n  x\n# c\nb: 1\n")
  add.call('comment_only_indented', "   # c\n")
  add.call('comment_before_doc_start', "# c\n---\na: 1\n")

  # Block scalars.
  %w[| |- |+ > >- >+ |2 >1 |2- |-2].each do |ind|
    safe = ind.tr('|>+-', 'lfkc')
    add.call("block_#{safe}", "a: #{ind}\n   x\n    y\n\n   z\n\n\nb: 1\n")
    add.call("block_#{safe}_end", "a: #{ind}\n  x\n\n")
  end
  add.call('block_empty', "a: |\nb: 1\n")
  add.call('block_less_indented', "a:\n  b: |\n x\n")
  add.call('block_leading_more_indented', "a: |\n    x\n  y\n")
  add.call('block_leading_blank_more', "a: |\n\n    \n  x\n")
  add.call('block_indicator_zero', "a: |0\n  x\n")
  add.call('block_in_seq', "- |\n  x\n- >\n  y\n  z\n")
  add.call('block_top_level', "|\n x\n")

  # Empty and almost empty texts.
  add.call('empty', '')
  add.call('only_newlines', "\n\n\n")
  add.call('only_spaces', '   ')
  add.call('only_comment_no_newline', '# c')
  add.call('no_final_newline', 'a: 1')
  add.call('crlf', "a: 1\r\nb:\r\n  - 2\r\n")
  add.call('cr_only', "a: 1\rb: 2\r")

  # Indentation and structure.
  add.call('indent_seq_under_key_same_column', "a:\n- 1\n- 2\n")
  add.call('indent_inconsistent_seq', "a:\n  - 1\n - 2\n")
  add.call('indent_inconsistent_map', "a:\n  b: 1\n c: 2\n")
  add.call('indent_more_map', "a:\n  b: 1\n    c: 2\n")
  add.call('indent_key_after_scalar', "a: b\n  c: d\n")
  add.call('plain_multiline', "a: b\n  c\n  d\n")
  add.call('plain_multiline_colon', "a: b\n  c: d e\n")
  add.call('colon_in_value', "a: b: c\n")
  add.call('colon_no_space', "a:b\n")
  add.call('url_value', "a: http://x.y/z\n")
  add.call('key_no_value', "a:\n")
  add.call('seq_of_empty', "-\n-\n")
  add.call('nested_seq_inline', "- - - 1\n")
  add.call('explicit_key', "? a\n: 1\n? [b, c]\n: 2\n")
  add.call('complex_key_map', "? {x: 1}\n: 2\n")
  add.call('question_plain', "a: ?x\n")
  add.call('percent_value', "a: %x\n")
  add.call('at_value', "a: @x\n")
  add.call('backtick_value', "a: `x`\n")
  add.call('star_value', "a: *\n")
  add.call('amp_value', "a: &\n")
  add.call('dash_value', "a: -\n")
  add.call('dash_word', "a: -x\n")
  add.call('pipe_in_plain', "a: b | c\n")
  add.call('hash_in_plain', "a: b#c d\n")
  add.call('quoted_multiline', "a: 'x\n  y\n\n  z'\n")
  add.call('double_quoted_escapes', "a: \"\\x41\\u00e9\\t\\n\\\\\\\"\\/\\e\\0\\N\\_\\L\\P\"\n")
  add.call('double_quoted_bad_escape', "a: \"\\q\"\n")
  add.call('double_quoted_line_escape', "a: \"x\\\n  y\"\n")
  add.call('single_quoted_escape', "a: 'it''s'\n")
  add.call('quoted_unterminated', "a: 'x\nb: 1\n")
  add.call('quoted_doc_marker_inside', "a: 'x\n---\ny'\n")
  add.call('unicode_values', "clé: été\n名前: 値\nemoji: 😀\n")
  add.call('control_char', "a: \u0001\n")
  add.call('nel_char', "a: x\u0085y\n")
  add.call('deep_flow', "a: #{'[' * 50}1#{']' * 50}\n")
  add.call('deep_block', (0...40).map { |i| "#{'  ' * i}k#{i}:\n" }.join + "#{'  ' * 40}v\n")

  # Scalars Psych resolves.
  %w[yes No ON off true FALSE y n ~ null Null NULL 0x1F 0b101 017 0o17 1_000 1,000 +12 -0
     1e5 1.5e+3 1.5E-3 .5 5. .inf -.Inf .NaN 1:30 1:30.5 -1:00 2024-01-01 2024-1-1
     2024-01-01T10:00:00Z 2024-01-01\ 10:00:00 12:30:45 0.1.2 1__0 0x 0b _1 1_ 08 09.5
     123456789012345678 -9223372036854775808].each_with_index do |s, i|
    add.call("scalar_#{i}_#{s.gsub(/[^0-9a-z]/i, '_')}", "a: #{s.delete('\\')}\n")
  end
  out
end

root = File.expand_path('../..', __dir__)
dir = File.join(root, 'tests/yaml')

Dir.glob(File.join(dir, '*.yaml')).sort.each do |path|
  text = File.read(path, encoding: 'utf-8')
  File.write(path.sub(/\.yaml\z/, '.expected.json'), JSON.pretty_generate(verdict(text)) + "\n")
end

generated = cases
names = generated.map(&:first)
dups = names.select { |n| names.count(n) > 1 }.uniq
abort "duplicate case names: #{dups.join(', ')}" unless dups.empty?
File.open(File.join(dir, 'cases.json'), 'w') do |f|
  f.puts '['
  generated.each_with_index do |(name, text), i|
    entry = { 'name' => name, 'text' => text, 'expect' => verdict(text) }
    f.puts "  #{JSON.generate(entry, max_nesting: false)}#{i + 1 < generated.size ? ',' : ''}"
  end
  f.puts ']'
end

corpus = ARGV[0] || '/usr/share/puppet/modules'
if File.directory?(corpus)
  # Each module is a symbolic link, which `**` does not follow: glob inside each.
  files = Dir.children(corpus).sort.flat_map do |m|
    Dir.glob(File.join(corpus, m, '**', '*.{yaml,yml}')).select { |p| File.file?(p) }
  end.sort
  File.open(File.join(dir, 'corpus.json'), 'w') do |f|
    f.puts '['
    files.each_with_index do |path, i|
      text = File.read(path, encoding: 'utf-8')
      rel = path.delete_prefix(corpus).delete_prefix('/')
      entry = { 'path' => rel, 'bytes' => text.bytesize, 'expect' => verdict(text) }
      f.puts "  #{JSON.generate(entry, max_nesting: false)}#{i + 1 < files.size ? ',' : ''}"
    end
    f.puts ']'
  end
end

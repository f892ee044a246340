# Reading files of the fixture tree (tests/ruby/tree, bound as scope['tree']).
t = scope['tree']
errors = []
begin
  Dir.children("#{t}/nope")
rescue SystemCallError => e
  errors << [e.class, e.message.sub(t, 'T')]
end
begin
  Dir.children("#{t}/data.yaml")
rescue SystemCallError => e
  errors << [e.class, e.message.sub(t, 'T')]
end
begin
  File.readlines("#{t}/nope.txt")
rescue StandardError => e
  errors << [e.class, e.message.sub(t, 'T')]
end
begin
  YAML.load_file("#{t}/nope.yaml")
rescue Errno::ENOENT => e
  errors << [e.class, e.message.sub(t, 'T')]
end
[
  File.readlines("#{t}/lines.txt"),
  File.readlines("#{t}/lines.txt", chomp: true),
  YAML.load_file("#{t}/data.yaml"),
  YAML.safe_load_file("#{t}/data.yaml"),
  File.read("#{t}/conf.d/a.conf"),
  File.expand_path('x/../y', t).delete_prefix(t),
  File.expand_path('/a/./b/../c//'),
  File.expand_path('../lines.txt', "#{t}/conf.d").delete_prefix(t),
  File.expand_path('/..'),
  File.absolute_path('~x', '/b'),
  errors,
]

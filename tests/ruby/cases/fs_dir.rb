# Dir and File over the fixture tree (tests/ruby/tree, bound as scope['tree']).
t = scope['tree']
rel = ->(paths) { paths.map { |p| p.delete_prefix(t) } }
[
  Dir.glob('**/*.conf', base: t),
  Dir.glob('*', base: t),
  Dir.glob('**/', base: t),
  Dir.glob('*/', base: t),
  Dir.glob(['conf.d/*.conf', '*.yaml'], base: t),
  Dir.glob('conf.d/{b,a,zz}.conf', base: t),
  Dir.glob('conf.d/.*', base: t),
  Dir.glob('conf.d/[ab]*', base: t),
  Dir.glob('conf.d/?.conf', base: t),
  Dir.glob('nothing/*', base: t),
  Dir.glob('data.yaml/*', base: t),
  Dir.glob('lnk/**/*.conf', base: t),
  Dir.glob('**/c.conf', base: t),
  Dir.glob('conf.d/**', base: t),
  rel.call(Dir.glob("#{t}/conf.d/*.conf")),
  rel.call(Dir["#{t}/*.yaml", "#{t}/*.txt"]),
  rel.call(Dir.glob("#{t}//conf.d/sub/*")),
  Dir.children("#{t}/conf.d").sort,
  Dir.entries("#{t}/empty").sort,
  [Dir.exist?("#{t}/conf.d"), Dir.exist?("#{t}/data.yaml"), Dir.exist?("#{t}/nope"), Dir.exist?("#{t}/lnk")],
  [File.exist?("#{t}/lnk/a.conf"), File.file?("#{t}/lnk"), File.directory?("#{t}/lnk")],
]

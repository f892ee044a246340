v = Gem::Version.new('2.4.0')
[Gem::Version.new(RUBY_VERSION) < v, Gem::Version.new('1.9') < Gem::Version.new('1.10'),
 Gem::Version.new('1.0') == Gem::Version.new('1'), Gem::Version.new('1.0.a') < Gem::Version.new('1.0'),
 Gem::Version.new('1.0-rc1').to_s, Gem::Version.new('1.0-rc1').prerelease?, v.prerelease?,
 Gem::Version.new('3.1.2') <=> Gem::Version.new('3.1.10'), v.segments, Gem::Version.new('1.2.b3').segments,
 Gem::Version.new('1.2.b3').release.to_s, Gem::Version.correct?('1.x.2'), Gem::Version.correct?('junk!'),
 Gem::Version.new(' 7 ').to_s, Gem::Version.new('').to_s, v >= Gem::Version.new('2.4'), v.to_s, v.version,
 (begin; Gem::Version.new('not a version'); rescue ArgumentError => e; e.message; end)]

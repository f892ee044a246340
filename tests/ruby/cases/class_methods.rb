e = ArgumentError.new("bad")
x = RuntimeError.exception("boom")
[String.new, String.new("abc"), Array.new(2), Array.new(3) { |i| i * i }, Array.new(2, :x), Array.new([1, 2]),
 Integer.sqrt(17), Math.sqrt(16), Math.log10(1000), Math.log2(8), Math.exp(0), Math.sin(0), Math.cos(0),
 ERB::Util.url_encode("a b&c"), ERB::Util.u("x/y"), ERB::Util.html_escape("<a href='x'>&</a>"), ERB::Util.h("\"q\""),
 e.message, x.message, StandardError.new.message, String.name, Hash.to_s, Array.inspect,
 String === "s", Integer === "s", Array == Array, Array == Hash,
 Base64.strict_encode64("hi"), Base64.urlsafe_encode64("??>"), Digest::SHA256.hexdigest("x")[0, 8],
 File.join("a", ["b", "c"], "/d"), File.basename("/a/b.rb", ".*"), File.dirname("/a/b/"), File.extname("x.tar.gz"),
 Shellwords.split("a 'b c'"), Shellwords.join(["a b", "c"]), Shellwords.escape("it's"),
 JSON.generate({ "a" => [1, nil] }), JSON.parse("[1, {\"b\": 2.5}]"), Set[1, 2].size, Set.new([3, 3]).size,
 Hash[[[:k, 1]]], Hash.new(0)[:missing], Regexp.escape("a.b*c"), Regexp.union("a.b", /c/) =~ "xc"]

require 'digest/sha1'
require 'base64'
d = Digest::SHA1.digest("secret")
[d.bytesize, d.length, d.inspect, d.unpack("H*"), d.unpack1("H*"), d.bytes.first(4),
 '*' + Digest::SHA1.hexdigest(Digest::SHA1.digest("secret")).upcase, Digest::MD5.digest("x").unpack("C*"),
 Digest::SHA256.base64digest("x"), Base64.strict_encode64(Digest::MD5.digest("x")), Base64.encode64(d),
 d == Digest::SHA1.digest("secret"), d == "abc", d + "ab", (d + "é" rescue $!.class), d[0].unpack1("C"), d[1, 3].bytesize,
 Digest::SHA1.hexdigest(d), Base64.decode64("3q2+7w==").unpack("C*"), "é".b.length, "é".b.bytes, "abc".b,
 [0, 1, 255].pack("C*").unpack("n v C"), [1, 2].pack("n*").unpack("H*"), [65, 66, 67].pack("C*"), [0x263a].pack("U"),
 "☺".unpack("U*"), ["616263"].pack("H*"), ["abc"].pack("m"), ["abc"].pack("m0"), "YWJj".unpack1("m"),
 ["a", "b", "c"].pack("a3A3Z*").bytes, "ab  \x00".unpack("A*"), "abc\x00def".unpack("Z*Z*"), [1, -1].pack("l<l>").unpack("L<l>"),
 [258].pack("S>").unpack("C*"), [255, 254].pack("C2").unpack("c2"), "ab".unpack("C4"), "hello".unpack("B16"), ["1010"].pack("B*").unpack1("C"),
 [1, 2, 3].pack("C*").force_encoding("UTF-8"), d.force_encoding("BINARY").bytesize, d.reverse.bytesize, d.b.bytesize]

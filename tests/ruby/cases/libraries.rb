require 'ipaddr'
require 'base64'
require 'digest'
require 'shellwords'
[IPAddr.new("10.1.2.3").ipv4?, IPAddr.new("::1").ipv6?, IPAddr.new("10.1.2.3").to_s, (IPAddr.new("x") rescue $!.class),
 Base64.strict_encode64("hello world"), Base64.encode64("a" * 50), Base64.decode64("aGVsbG8="), Base64.urlsafe_encode64("??>"),
 Digest::MD5.hexdigest("x"), Digest::SHA1.hexdigest("x"), Digest::SHA256.hexdigest("x"),
 Shellwords.escape("it's a test"), "a 'b c' \"d e\"".shellsplit, ["a b", "c"].shelljoin, [1, "a", nil].to_json,
 { "k" => 1.5 }.to_json, "s".to_json, nil.to_json, Regexp.union("a.b", /c+/), Set.new([1, 2]) | Set[3], Set[1, 2].subset?(Set[1, 2, 3])]

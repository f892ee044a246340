#!/usr/bin/env ruby
# Ruby's own answers for the core behaviours plint implements once, in `src/ruby_core/`
# (Base64, Float#to_s), written to tests/ruby_core/*.json so that the tests need no Ruby.
#   ruby scripts/oracle/ruby-core-oracle.rb
# Inputs and outputs are hex-encoded bytes; an output of nil means Ruby raised ArgumentError.
require 'base64'
require 'json'

out_dir = File.expand_path('../../tests/ruby_core', __dir__)

def hex(s)
  s.nil? ? nil : s.unpack1('H*')
end

def attempt
  yield
rescue ArgumentError
  nil
end

# Texts to encode: every length from 0 to 100 (line folding at 60 characters), bytes of every
# value, and UTF-8.
encode_inputs = (0..100).map { |n| (0...n).map { |i| ((i * 37 + n) % 256).chr }.join.b }
encode_inputs << (0..255).map(&:chr).join.b
encode_inputs << 'thestring'.b
encode_inputs << 'späße ☃'.b

encodings = encode_inputs.map do |s|
  {
    'input' => hex(s),
    'encode64' => hex(Base64.encode64(s)),
    'strict_encode64' => hex(Base64.strict_encode64(s)),
    'urlsafe_encode64' => hex(Base64.urlsafe_encode64(s)),
    'urlsafe_encode64_nopad' => hex(Base64.urlsafe_encode64(s, padding: false)),
    'pack_m0' => hex([s].pack('m0')),
    'pack_m3' => hex([s].pack('m3')),
    'pack_m30' => hex([s].pack('m30'))
  }
end

# Texts to decode: valid, with bad characters, spaces, newlines, padding in odd places,
# dangling characters, the URL-safe alphabet, nonzero trailing bits.
decode_inputs = [
  '', 'YQ==', 'YQ=', 'YQ', 'Y', 'YR==', 'Y===', 'YWJj', "YWJj\n", 'YW Jj', 'YQ==YQ==',
  'YQ=Y', 'Y=Q', 'YW=Jj', 'YWJ', 'YWJjZ', 'YWJjZA', 'YWJjZA==', '_w', '_w==', '-_-_',
  '+/+/', "dGhlc3RyaW5n\n", "dGhl\nc3Ry\naW5n", '!!!!', 'YW*Jj', '====', 'YWJjZGVm=',
  "A\u00e9BC", 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo='
]
encode_inputs.first(30).each { |s| decode_inputs << Base64.encode64(s) << Base64.urlsafe_encode64(s, padding: false) }

decodings = decode_inputs.map do |t|
  t = t.b
  {
    'input' => hex(t),
    'decode64' => hex(Base64.decode64(t)),
    'strict_decode64' => hex(attempt { Base64.strict_decode64(t) }),
    'urlsafe_decode64' => hex(attempt { Base64.urlsafe_decode64(t) })
  }
end

File.write(File.join(out_dir, 'base64.json'),
           JSON.pretty_generate({ 'ruby' => RUBY_VERSION, 'encode' => encodings, 'decode' => decodings }) + "\n")
puts "wrote #{encodings.size} encodings and #{decodings.size} decodings"

# Float#to_s: powers of ten with several mantissas around every threshold, seeded random
# doubles of every magnitude, and the special values. Each float is given by its IEEE bits.
floats = [0.0, -0.0, Float::INFINITY, -Float::INFINITY, Float::NAN, 5e-324, Float::MAX, Float::MIN,
          Float::EPSILON, 0.1, 0.2, 0.30000000000000004, 1.0 / 3, 2.5, 100.0, 9007199254740993.0,
          1234567890123456.7, 1234567890123456.0, 123456789012345.0, 12345678901234567.0]
(-30..30).each do |e|
  [1.0, 1.5, 9.99, 1.2345678901234567, 7.0 / 3].each do |m|
    floats << m * (10.0**e) << -m * (10.0**e)
  end
end
rng = Random.new(20_261_129)
300.times { floats << [rng.bytes(8)].pack('a8').unpack1('G') }
300.times { floats << rng.rand * (10.0**rng.rand(-20..20)) }
floats.reject! { |f| f.nan? && f.to_s != 'NaN' }
to_s = floats.map { |f| { 'bits' => [f].pack('G').unpack1('H*'), 'to_s' => f.to_s } }
File.write(File.join(out_dir, 'float.json'),
           JSON.pretty_generate({ 'ruby' => RUBY_VERSION, 'to_s' => to_s }) + "\n")
puts "wrote #{to_s.size} floats"

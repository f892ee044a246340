module Puppet::Parser::Functions
  newfunction(:legacy_hosts, :type => :rvalue) do |args|
    ['web1', 'web2']
  end
end

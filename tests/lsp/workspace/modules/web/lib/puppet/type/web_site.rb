Puppet::Type.newtype(:web_site) do
  @doc = 'A web site.'
  ensurable

  newparam(:name, namevar: true) do
    desc 'The site.'
  end

  newproperty(:path) do
    desc 'Its folder.'
    newvalues(%r{^/})
  end
end

Puppet::Type.newtype(:app_service) do
  @doc = 'A service of the application.'
  ensurable

  newparam(:name, namevar: true) do
    desc 'The service.'
  end

  newproperty(:command) do
    desc 'What it runs.'
  end
end

# Reads the node's role from a file on the server: outside plint's Ruby subset.
Puppet::Functions.create_function(:read_role) do
  dispatch :read_role do
    return_type 'String'
  end

  def read_role
    File.read('/etc/puppetlabs/role').strip
  end
end

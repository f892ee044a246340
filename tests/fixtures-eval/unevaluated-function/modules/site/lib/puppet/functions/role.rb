Puppet::Functions.create_function(:role) do
  dispatch :role do
    param 'String', :name
  end
  def role(name)
    call_function('include', 'role::' + name)
  end
end

# Sets $::node_role and includes role::<name>, as production role() functions do.
Puppet::Functions.create_function(:'site::role', Puppet::Functions::InternalFunction) do
  dispatch :role do
    scope_param
    param 'String[1]', :name
  end

  def role(scope, name)
    top = scope.compiler.topscope
    top['node_role'] = name
    scope.call_function('include', ["role::#{name}"])
  end
end

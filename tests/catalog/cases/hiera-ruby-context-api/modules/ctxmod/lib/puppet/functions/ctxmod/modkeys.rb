# A module layer's lookup_key backend: the context knows its module.
Puppet::Functions.create_function(:'ctxmod::modkeys') do
  dispatch :modkeys do
    param 'String[1]', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def modkeys(key, options, context)
    return context.not_found unless key == 'ctxmod::who'
    "#{context.module_name} in #{context.environment_name}"
  end
end

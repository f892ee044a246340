# A lookup_key backend that fails for one key.
Puppet::Functions.create_function(:'bad::keys') do
  dispatch :keys do
    param 'String', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def keys(key, options, context)
    raise ArgumentError, "no data for #{key}" if key == 'broken'
    context.not_found
  end
end

# A lookup_key backend: computes some keys, caches them, and says not found for the others.
Puppet::Functions.create_function(:'mykeys::lookup') do
  dispatch :lookup do
    param 'String[1]', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def lookup(key, options, context)
    return context.cached_value(key) if context.cache_has_key(key)
    context.explain { "looking up #{key}" }
    case key
    when 'computed'
      context.cache(key, "#{options['prefix']}-#{key.upcase}")
    when 'interp'
      context.interpolate('host is %{facts.networking.hostname}')
    when 'count'
      context.cache_all('a' => 1, 'b' => 2)
      context.cached_entries.map { |k, _| k }.sort.join(',')
    when 'list'
      [1, 2, key]
    else
      context.not_found
    end
  end
end

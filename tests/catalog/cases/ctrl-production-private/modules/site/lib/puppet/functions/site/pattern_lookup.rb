# lookup_key: the first pattern of `options['patterns']` that matches the key gives its value.
Puppet::Functions.create_function(:'site::pattern_lookup') do
  dispatch :pattern_lookup do
    param 'String[1]', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def pattern_lookup(key, options, context)
    options['patterns'].each do |pattern, value|
      return value if Regexp.new(pattern).match?(key)
    end
    context.not_found
  end
end

# lookup_key: `a::b::c` is read from `<path>/a/b.yaml` (path: the level's folder), key `c`.
Puppet::Functions.create_function(:'site::split_lookup') do
  dispatch :split_lookup do
    param 'String[1]', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def split_lookup(key, options, context)
    parts = key.split('::')
    context.not_found if parts.size < 2
    file = File.join(options['path'], *parts[0..-2]) + '.yaml'
    context.not_found unless File.exist?(file)
    data = context.cached_file_data(file) { |content| YAML.safe_load(content, permitted_classes: [Regexp], aliases: true) }
    context.not_found unless data.is_a?(Hash) && data.key?(parts.last)
    context.interpolate(data[parts.last])
  end
end

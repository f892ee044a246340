# A data_hash backend building its data from the location's name.
Puppet::Functions.create_function(:'mydata::hash_data') do
  dispatch :hash_data do
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def hash_data(options, context)
    name = options['path'].split('/').last.sub('.txt', '')
    {
      'shared' => "from #{name}",
      "only_#{name}" => [name, options['flavour']],
      'greeting' => "hello %{facts.networking.hostname}",
      'env' => context.environment_name.to_s,
      'mod' => context.module_name.to_s,
      'nested' => { 'level' => name, 'n' => name.length },
    }
  end
end

Puppet::Functions.create_function(:'scoped::declare', Puppet::Functions::InternalFunction) do
  dispatch :names do
    scope_param
    param 'Array[String[1]]', :names
    optional_param 'Hash', :defaults
  end

  dispatch :hash do
    scope_param
    param 'Hash[String[1], Hash]', :items
  end

  def names(scope, names, defaults = {})
    names.each do |n|
      scope.call_function('ensure_resource', ['notify', n, { 'message' => "#{n} from #{scope['title']}" }.merge(defaults)])
    end
    nil
  end

  def hash(scope, items)
    items.each { |n, attrs| names(scope, [n], attrs) }
    nil
  end
end

# A data_dig backend: answers a few key paths.
Puppet::Functions.create_function(:'mydig::dig') do
  dispatch :dig do
    param 'Array[Variant[String, Numeric]]', :segments
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def dig(segments, options, context)
    case segments
    when ['tree']
      { 'left' => 'from ruby', 'deep' => { 'x' => 1 } }
    when ['tree', 'deep', 'x']
      42
    when ['joined']
      segments.join('/') + " #{segments.length}"
    else
      context.not_found
    end
  end
end

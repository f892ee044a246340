Puppet::Functions.create_function(:'m::each_twice') do
  dispatch :each_twice do
    param 'Array', :items
    block_param 'Callable[1,1]', :block
  end

  def each_twice(items, &block)
    items.map { |i| [yield(i), block.call(i)].join('-') }
  end
end

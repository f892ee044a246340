Puppet::Functions.create_function(:'m::apply') do
  dispatch :apply do
    param 'String', :x
    block_param
  end

  dispatch :plain do
    param 'String', :x
  end

  def apply(x)
    r = yield(x, 2)
    "#{r}!" if block_given?
  end

  def plain(x)
    "plain #{x}"
  end
end

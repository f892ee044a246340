Puppet::Functions.create_function(:'splat::lines') do
  dispatch :lines do
    repeated_param 'Any', :args
    return_type 'String'
  end

  def lines(*args)
    args.map { |a| "#{a.inspect}\n" }.join
  end
end

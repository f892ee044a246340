# Greets someone.
Puppet::Functions.create_function(:'app::greet') do
  dispatch :greet do
    param 'String', :who
    optional_param 'String', :greeting
    return_type 'String'
  end

  def greet(who, greeting = 'Hello')
    "#{greeting}, #{who}"
  end
end

# Upper-cases a string.
Puppet::Functions.create_function(:'web::shout') do
  dispatch :shout do
    param 'String', :text
    return_type 'String'
  end

  def shout(text)
    text.upcase
  end
end

# A module function plint does not run: its result is unknown to plint.
Puppet::Functions.create_function(:rubyfn_pick) do
  dispatch :pick do
    param 'String', :name
    return_type 'String'
  end

  def pick(name)
    "picked-#{name}"
  end
end

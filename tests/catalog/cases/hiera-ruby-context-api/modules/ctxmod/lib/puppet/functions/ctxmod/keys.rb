# A lookup_key backend exercising Puppet::LookupContext and Puppet's Ruby API.
Puppet::Functions.create_function(:'ctxmod::keys') do
  dispatch :keys do
    param 'String[1]', :key
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def keys(key, options, context)
    case key
    when 'keys::module'
      m = Puppet::Module.find('ctxmod', context.environment_name.to_s)
      env_m = closure_scope.compiler.environment.module('ctxmod')
      [m.name, File.basename(m.path), File.basename(File.dirname(m.path)), m.files?,
       m.templates?, File.basename(m.file('hello.txt')), m.file('nope.txt'),
       Puppet::Module.find('nosuchmodule').nil?, env_m.name]
    when 'keys::gettext'
      Puppet.debug('not shown')
      Puppet.info('not shown')
      Puppet.notice('not shown')
      [_('translated text'), Puppet.debug('x').nil?]
    when 'keys::entries'
      # Keys are added before cached_entries with a block: Puppet's enumerator leaves the
      # hash iterating, and a key added after it fails.
      context.cache('k1', 1)
      context.cache('k2', 2)
      all = context.cache_all('k3' => 3)
      pairs = []
      context.cached_entries { |k, v| pairs << "#{k}=#{v}" }
      singles = []
      context.cached_entries { |kv| singles << kv.join(':') }
      [pairs, singles, all, context.cached_value('k3'), context.cache_has_key('k4'),
       context.cached_entries.to_a.length]
    when 'keys::explain'
      context.explain { raise 'not called' }
    when 'keys::interpolate'
      context.interpolate(['%{facts.networking.hostname}', { 'k' => '%{::environment}' }])
    when 'keys::ruby'
      RUBY_VERSION >= '2.7'
    else
      context.not_found
    end
  end
end

# A data_hash backend over a folder of YAML files: Dir.glob, Dir.children, YAML.load_file,
# File.readlines, File.expand_path and the context's file cache.
Puppet::Functions.create_function(:'ctxmod::files') do
  dispatch :files do
    param 'Hash', :options
    param 'Puppet::LookupContext', :context
  end

  def files(options, context)
    context.explain { raise 'explain blocks are not called without --explain' }
    dir = options['path']
    data = {}
    Dir.glob('**/*.yaml', base: dir).each do |rel|
      data.merge!(YAML.load_file(File.join(dir, rel)))
    end
    data['files::globbed'] = Dir.glob(['*.yaml', 'sub/*'], base: dir)
    data['files::absolute'] = Dir.glob("#{dir}/*.yaml").map { |p| File.basename(p) }
    data['files::children'] = Dir.children(dir).sort
    data['files::entries'] = Dir.entries(dir).sort
    notes = File.expand_path('../notes.txt', dir)
    data['files::lines'] = File.readlines(notes, chomp: true)
    data['files::raw_lines'] = File.readlines(notes).map(&:size)
    data['files::env'] = context.environment_name.to_s
    data['files::module'] = context.module_name.inspect
    data['files::sizes'] = context.cached_file_data(File.join(dir, 'a.yaml')) { |c| c.lines.size }
    data['files::exists'] = [Dir.exist?(dir), Dir.exist?(notes), File.exist?(File.join(dir, 'nope.yaml'))]
    data['files::interpolated'] = 'host %{facts.networking.hostname}'
    data
  end
end

class erbscope (
  Array $list,
  Hash $opts,
  Optional[String] $nothing = undef,
  $flag = false,
  $dflt = default,
  Integer $port = 8080,
  Float $ratio = 0.5,
) {
  $local = "local ${port}"
  file { '/etc/scope.conf':
    ensure  => file,
    content => template('erbscope/scope.conf.erb'),
  }
  file { '/etc/multi.conf':
    ensure  => file,
    content => template('erbscope/a.erb', 'erbscope/b.erb'),
  }
  notify { 'inline':
    message => inline_template('<%= @list.sort.join("-") %>|', '<%= @port + 1 %>'),
  }
  ['one', 'two'].each |$item| {
    file { "/etc/item-${item}": ensure => file, content => inline_template('<%= @item %> <%= @local %>') }
  }
}

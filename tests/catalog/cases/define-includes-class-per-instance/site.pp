class shared_dep { notify { 'shared once': } }
define uses_shared() {
  include shared_dep
  notify { "instance ${title}": require => Class['shared_dep'] }
}
uses_shared { ['a', 'b', 'c']: }

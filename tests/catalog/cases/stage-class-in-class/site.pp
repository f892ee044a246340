stage { 'first': before => Stage['main'] }
class early { notify { 'early': } }
class wrapper {
  class { 'early': stage => first }
  notify { 'wrapper': }
}
include wrapper

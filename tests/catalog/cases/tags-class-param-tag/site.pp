class tagc($x = 1) {
  notify { 'plain': }
}
class { 'tagc': tag => ['declared-tag'] }
notify { 'notag': }

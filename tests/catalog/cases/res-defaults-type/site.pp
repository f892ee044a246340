Notify { message => 'defaulted' }
Package { ensure => latest }
notify { 'uses default': }
notify { 'overrides default': message => 'explicit' }
package { 'pkg': }

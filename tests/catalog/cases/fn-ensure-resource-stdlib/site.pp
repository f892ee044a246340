ensure_packages(['curl', 'git'])
ensure_resource('file', '/tmp/er', { 'ensure' => 'directory' })
ensure_resource('file', '/tmp/er', { 'ensure' => 'directory' })
package { 'vim': ensure => installed }
ensure_packages(['vim'])

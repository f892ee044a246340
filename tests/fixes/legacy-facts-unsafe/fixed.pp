# Legacy facts whose fix is unsafe (a value may differ), fixed with `--unsafe-fixes`: Puppet
# must still compile the result on every node (scripts/oracle/fix-oracle.sh, oracle.txt).
notify { 'eth0': message => $facts.dig('networking', 'interfaces', 'eth0', 'ip') }
notify { 'lo': message => "${facts.dig('networking', 'interfaces', 'lo', 'ip')} ${facts.dig('networking', 'interfaces', 'lo', 'netmask')} ${facts.dig('networking', 'interfaces', 'lo', 'mtu')}" }
notify { 'mac': message => $facts.dig('networking', 'interfaces', 'eth0', 'mac') }
notify { 'disk': message => $facts.dig('disks', 'sda', 'size_bytes') }
notify { 'zone': message => $facts.dig('solaris_zones', 'zones', 'global', 'id') }
notify { 'codename': message => $facts.dig('os', 'distro', 'codename') }
notify { 'release': message => $facts.dig('os', 'distro', 'release', 'full') }
notify { 'sp': message => $facts.dig('system_profiler', 'serial_number') }

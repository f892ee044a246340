# Legacy facts whose fix is unsafe (a value may differ), fixed with `--unsafe-fixes`: Puppet
# must still compile the result on every node (scripts/oracle/fix-oracle.sh, oracle.txt).
notify { 'eth0': message => $::ipaddress_eth0 }
notify { 'lo': message => "${::ipaddress_lo} $::netmask_lo ${::mtu_lo}" }
notify { 'mac': message => $facts['macaddress_eth0'] }
notify { 'disk': message => $::blockdevice_sda_size }
notify { 'zone': message => $::zone_global_id }
notify { 'codename': message => $::lsbdistcodename }
notify { 'release': message => $::lsbdistrelease }
notify { 'sp': message => $::sp_serial_number }

include vswitch::ovs

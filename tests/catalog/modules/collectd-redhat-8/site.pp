include collectd

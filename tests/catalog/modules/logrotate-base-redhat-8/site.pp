include logrotate::base

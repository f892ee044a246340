include memcached

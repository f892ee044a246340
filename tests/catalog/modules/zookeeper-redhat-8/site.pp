include zookeeper

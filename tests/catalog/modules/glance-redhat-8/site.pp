include glance

# facts: {"fqdn": "node.example.com", "os": {"family": "Debian"}
notice($facts["os"]["family"])

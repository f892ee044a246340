include powerdns

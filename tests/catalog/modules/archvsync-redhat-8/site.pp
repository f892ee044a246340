include archvsync

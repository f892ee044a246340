class badopts {}

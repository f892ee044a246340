include erbmod

include gitolite

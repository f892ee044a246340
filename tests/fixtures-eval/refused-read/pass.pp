$motd = file('profile/motd')
notice($motd)

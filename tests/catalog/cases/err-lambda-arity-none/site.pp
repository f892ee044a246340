[1].each || { }

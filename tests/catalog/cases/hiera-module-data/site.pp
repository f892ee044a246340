include withdata

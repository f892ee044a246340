class nohiera {}

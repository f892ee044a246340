include outerm

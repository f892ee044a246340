include erbfn

include rubyfn

$topv = 'top'
include scoped

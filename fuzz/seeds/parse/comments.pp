# line comment
/* block
   comment */ $a = 1 # trailing
/**/$b=2/* x *//* y */
#

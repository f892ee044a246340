# scope.call_function(name, args) splats args as Ruby's *args does: a Hash gives its pairs
# (sudo's sudoers templates pass their defaults hash this way).
include splat

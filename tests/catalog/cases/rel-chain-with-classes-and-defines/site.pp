define step() { notify { "step ${title}": } }
class prep { step { 'prep': } }
class run { step { 'run': } }
include prep, run
Class['prep'] -> Step['run']
Step['prep'] ~> Class['run']

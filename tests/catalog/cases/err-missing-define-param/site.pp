define dneeds(String $must) {}
dneeds { 'x': }

include ovn::controller

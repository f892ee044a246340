class defhier {}

class needs($required) {}
include needs

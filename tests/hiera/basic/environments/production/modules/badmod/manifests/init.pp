class badmod {}

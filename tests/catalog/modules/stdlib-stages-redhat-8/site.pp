include stdlib::stages

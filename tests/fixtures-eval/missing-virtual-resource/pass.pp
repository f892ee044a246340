class accounts {
  @user { 'alice':
    ensure => present,
  }
  @user { 'bob':
    ensure => present,
  }
}
include accounts
realize(User['alice'], User['bob'])

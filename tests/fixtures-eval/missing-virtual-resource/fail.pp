class accounts {
  @user { 'alice':
    ensure => present,
  }
}
include accounts
realize(User['alice'], User['bob'])

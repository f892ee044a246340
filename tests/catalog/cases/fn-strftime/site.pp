# Timestamp and Timespan values: creation, arithmetic, strftime, string forms.
$released = Timestamp('2021-03-14T15:09:26.535Z')
$window = Timespan({ hours => 3, minutes => 20, seconds => 30 })
notify { 'timestamp':
  message => [
    $released.strftime('%Y-%m-%d %H:%M:%S.%L %z'), strftime($released, '%A %-d %B %Y, %I:%M %p'),
    $released.strftime('%F %T', '+01:00'), $released.strftime('%s'), $released.strftime('%j %U %W %V %G'),
    String($released), String($released + $window), ($released - Timestamp('2021-01-01')).strftime('%D days %H:%M'),
  ],
}
notify { 'timespan':
  message => [
    $window.strftime('%H:%M:%S'), strftime($window, '%M:%S'), String($window), "${Timespan(-90.5)}",
    Timespan('1-02:03:04').strftime('%D %H %M %S'), ($window * 2).strftime('%H:%M'), $window > Timespan(3600),
  ],
}
file { '/etc/motd':
  content => "Released ${released.strftime('%d.%m.%Y')}, window ${window.strftime('%_H h %M min')}\n",
}
notify { 'raw':
  message => $released,
}
notify { 'raw-span':
  message => $window,
}

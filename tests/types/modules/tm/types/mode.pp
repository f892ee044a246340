type Tm::Mode = Enum['on', 'off']

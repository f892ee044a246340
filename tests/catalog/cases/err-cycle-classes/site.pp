class one { notify { 'one': } }
class two { notify { 'two': } }
include one, two
Class['one'] -> Class['two']
Notify['two'] -> Notify['one']

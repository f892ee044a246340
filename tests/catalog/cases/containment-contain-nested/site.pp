class a { contain b }
class b { contain c }
class c { notify { 'deep': } }
include a

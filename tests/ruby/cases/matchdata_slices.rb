m = %r{([0-9.e+-]*)\s*([^bB]?)}.match("1.94 GiB")
value, prefix = *m[1, 2]
[m[1, 2], value, prefix, m[0, 1], m[-1, 1], m[1, 0], m[3, 1], m[5, 1]]

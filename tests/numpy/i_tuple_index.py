import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(repr(a[(1, 2)]), repr(a[1, 2]), repr(a[(1, 2, 3)]))
print(repr(a[1][2][3]), a[1, 2, 3] == a[1][2][3])
print(repr(a[(0,)]), repr(a[0, 1:]), repr(a[:, 1, ::3]))
print(repr(a[()]).count('\n'), a[()].shape, np.shares_memory(a, a[()]))
t = (slice(None), 0)
print(repr(a[t]), repr(a[-1, -1, -1]))

import numpy as np
a = np.array([5, -3, 8, 0, -1, 7])
m = a > 0
print(repr(m), repr(a[m]), repr(a[~m]))
print(repr(a[a < 0]), repr(a[a == 100]), a[a == 100].shape)
print(repr(a[[True, False, True, False, True, False]]))
print(repr(a[np.zeros(6, dtype=bool)]), repr(a[np.ones(6, dtype=bool)]))
f = np.array([1.5, np.nan, -2.0, 3.0])
print(repr(f[~np.isnan(f)]), repr(f[f > 0]))
s = a[m]
s[0] = 1000
print(a[0], np.shares_memory(a, s))

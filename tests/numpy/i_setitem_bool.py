import numpy as np
a = np.arange(10)
a[a > 6] = 0
print(repr(a))
a[a % 2 == 1] = [-1, -3, -5]
print(repr(a))
b = np.arange(12.0).reshape(3, 4)
b[b > 5] = np.nan
print(repr(b))
b[np.isnan(b)] = 0
print(repr(b))
c = np.arange(12).reshape(3, 4)
c[[True, False, True]] = [9, 8, 7, 6]
c[:, np.array([False, True, False, True])] = 0
print(repr(c))
c[c == 99] = 1
print(repr(c))

import numpy as np
a = np.arange(6)
a[1:] += a[:-1]
print(repr(a))
b = np.arange(6)
b[1:] = b[:-1] * 1
print(repr(b))
c = np.arange(9).reshape(3, 3)
c += c.T
print(repr(c))
d = np.arange(6)
d[d > 2] = d[:3]
print(repr(d))
e = np.arange(6)
e[::-1] = e.copy()
print(repr(e))
f = np.arange(6)
f[:-1] = f[1:]
print(repr(f))
